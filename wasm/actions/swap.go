package actions

// Unswap: the page is about to load a new pair of reports by address (an
// example, a link): they show the way the address gives them, so the
// view no longer says the sides are swapped. The reports shown, about to
// be replaced, stay where they are.
type Unswap struct{}
