// Package message packs what the viewer's page and its Web Workers post
// each other: samples, exactly (as bytes, where a JavaScript number would
// round a sample above 2^53), and a review's comparisons, six numbers a
// row.
//
// It builds only for GOOS=js GOARCH=wasm and imports no UI, so its tests
// run under Node. It decides nothing about what to send or when (the
// viewer's main.go does).
package message
