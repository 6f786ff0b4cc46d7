// Package sha256 is SHA-256 (FIPS 180-4, section 6.2) in a few dozen
// lines, for the export package's Content-Security-Policy hashes.
//
// It exists for one reason: crypto/sha256 links Go's FIPS 140 module, which
// adds about 3 MB (0.7 MB gzipped) to the viewer's WebAssembly, and a page
// only needs the digest of two strings it writes itself. It is not a
// general-purpose hash: it has no streaming interface, makes no attempt at
// constant time or speed, and must not be used for anything secret. Its
// tests check it against crypto/sha256.
package sha256
