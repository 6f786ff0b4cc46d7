// Package core is the pure-Go heart of benchview, shared by the command
// line, the browser (compiled to WebAssembly) and the tests:
//
//   - report reads a JSONL report into rows and problems;
//   - stats summarizes a series and compares two, byte for byte as the
//     reference harness does;
//   - review pairs two reports row by row.
//
// None of it touches a file, a network, a terminal or a page: every
// package takes values and readers and returns values, so it builds and
// runs the same natively and under GOOS=js GOARCH=wasm. A test holds it to
// that by listing what it imports. This package itself holds only that
// test and this note.
package core
