// Package components is the viewer's UI: vecty components, one per file,
// that render the store and turn what a user does into actions.
//
// Components read the store and call their Host; they never read files,
// start workers or call ECharts themselves (main.go does, behind Host).
// Every string from a report reaches the page through vecty.Text or an
// attribute, never as markup. The package needs a DOM: it builds only for
// GOOS=js GOARCH=wasm.
package components
