package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"
)

// webFiles is the viewer: the hand-written page and the files `make build`
// generates into web/ (the WASM and its .gz, wasm_exec.js, ECharts). Built
// with plain `go build`, the generated ones are simply absent.
//
//go:embed web
var webFiles embed.FS

// contentSecurityPolicy allows the page nothing but its own origin, plus the
// two things it needs beyond that: compiling WebAssembly
// ('wasm-unsafe-eval', which is not 'unsafe-eval': JavaScript eval stays
// blocked), and inline style attributes, which ECharts writes on its
// tooltips. Images may be data: URLs for the page's empty icon
// (href="data:,"). The workers are worker.js from this origin; the
// downloaded report is a blob: link, a navigation no directive here
// governs.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// runServe is `benchview [-addr 127.0.0.1:8080] [-open] [BASELINE [CURRENT]]`:
// it serves the embedded viewer until ctx is done, with the named reports
// preloaded, and prints the URL to open as soon as it is listening.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	site, err := fs.Sub(webFiles, "web")
	if err != nil {
		return err
	}
	return serveSite(ctx, site, args, stdout, stderr)
}

// serveSite is runServe with the site to serve as a parameter, so tests
// need not load the multi-megabyte embedded one each time.
func serveSite(ctx context.Context, site fs.FS, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8080",
		"listen on `host:port`; port 0 picks a free one; anything but loopback makes the reports reachable from the network")
	open := flags.Bool("open", false, "open the page in the system browser")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview [-addr 127.0.0.1:8080] [-open] [BASELINE [CURRENT]]")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError{code: 2} // flag has printed the reason and the usage
	}
	if flags.NArg() > 2 {
		return usageError(flags, fmt.Sprintf("too many arguments %q: give at most BASELINE and CURRENT (the verbs are compare, stats and export; see benchview help)", flags.Args()))
	}
	reports, err := namedReports(flags.Args())
	if err != nil {
		return err
	}
	handler, err := newHandler(site, reports)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%w (another server holds that port: pick another, or -addr 127.0.0.1:0 for any free one)", err)
		}
		return err
	}
	bound := ln.Addr().(*net.TCPAddr)
	if bound.IP.IsLoopback() {
		handler = loopbackHostsOnly(handler)
	} else {
		fmt.Fprintf(stderr, "benchview: warning: listening on %s, which is not loopback: "+
			"anyone who can reach this machine can read the reports it serves\n", bound)
	}
	page := pageURL(bound, reports)
	fmt.Fprintln(stdout, page)
	if *open {
		openBrowser(page, stderr)
	}
	return serve(ctx, ln, handler, serverLimits, stderr)
}

// limits are how long the server waits: on a client, so that a silent or
// stalled one cannot hold a connection for ever, and, once stopped, on the
// requests still running.
type limits struct {
	readHeader, read, write, idle time.Duration
	shutdown                      time.Duration
}

// serverLimits are the limits benchview serves with.
var serverLimits = limits{
	readHeader: 10 * time.Second,
	read:       30 * time.Second,
	// Generous enough for the multi-megabyte WASM over a slow link.
	write:    time.Minute,
	idle:     2 * time.Minute,
	shutdown: 5 * time.Second,
}

// serve runs the HTTP server on ln until ctx is done, then lets requests in
// flight finish for up to lim.shutdown and closes the ones still running:
// a stop the user asked for neither hangs nor fails on a stalled download.
func serve(ctx context.Context, ln net.Listener, h http.Handler, lim limits, stderr io.Writer) error {
	srv := &http.Server{
		Handler:           handledOn(h),
		ReadHeaderTimeout: lim.readHeader,
		ReadTimeout:       lim.read,
		WriteTimeout:      lim.write,
		IdleTimeout:       lim.idle,
		ErrorLog:          log.New(stderr, "benchview: ", 0),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, headedConnKey{}, c)
		},
		ConnState: func(c net.Conn, state http.ConnState) {
			if hc, ok := c.(*headedConn); ok && (state == http.StateIdle || state == http.StateActive) {
				hc.handled.Store(false) // the last response is done; the next is net/http's until a handler runs
			}
		},
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(headedListener{ln}) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "benchview: shutting down")
	stopCtx, cancel := context.WithTimeout(context.Background(), lim.shutdown)
	defer cancel()
	if err := srv.Shutdown(stopCtx); errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "benchview: closing the requests still running after %v\n", lim.shutdown)
		srv.Close()
	} else if err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// headedListener hands the server connections that add the security
// headers to the errors net/http answers itself, before any handler runs:
// a 400 for a request it cannot parse (a bad escape in the path, a
// malformed or repeated Host, HTTP/0.9), a 431 for headers over its limit,
// a 417 for an expectation it does not meet. It writes those straight to
// the connection, so the connection is the one place to add them.
type headedListener struct{ net.Listener }

// Accept wraps the next connection in a headedConn.
func (l headedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &headedConn{Conn: c}, nil
}

// headedConnKey is the request context key of a request's headedConn.
type headedConnKey struct{}

// headedConn is a connection that knows whether the request being answered
// on it reached the handler. net/http reads and answers a connection's
// requests one at a time on one goroutine: it reports through ConnState
// that a response is done (idle) or a request is being read (active), and
// handled becomes false; then it either calls the handler (handledOn sets
// handled) or writes an error of its own in one piece. A response that
// starts while handled is false is such an error, and gets the security
// headers after its status line. (Idle matters: a request that arrived
// with the one before it is already buffered, and reading it reports no
// state of its own.)
type headedConn struct {
	net.Conn
	handled atomic.Bool
}

// securityHeaderLines are securityHeaders as lines of an HTTP response.
var securityHeaderLines = func() string {
	var b strings.Builder
	for _, h := range securityHeaders {
		b.WriteString(h[0] + ": " + h[1] + "\r\n")
	}
	return b.String()
}()

// Write writes p, with the security headers after the status line when p
// starts a response net/http answers on its own.
func (c *headedConn) Write(p []byte) (int, error) {
	if c.handled.Load() || !bytes.HasPrefix(p, []byte("HTTP/1.")) {
		return c.Conn.Write(p)
	}
	c.handled.Store(true) // once: what follows is this response's body
	end := bytes.Index(p, []byte("\r\n"))
	if end < 0 {
		return c.Conn.Write(p)
	}
	end += 2
	headed := make([]byte, 0, len(p)+len(securityHeaderLines))
	headed = append(append(append(headed, p[:end]...), securityHeaderLines...), p[end:]...)
	if _, err := c.Conn.Write(headed); err != nil {
		return 0, err
	}
	return len(p), nil
}

// CloseWrite half-closes the connection, as net/http does after a 431
// so that the client reads the answer rather than a reset.
func (c *headedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom lets a handler's body go out as the connection sends files
// (sendfile(2) on a TCP connection), headers having been written already.
func (c *headedConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok && c.handled.Load() {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c}, r)
}

// handledOn marks each request's connection as handled before h answers
// it, so that its response is left as h writes it.
func handledOn(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hc, ok := r.Context().Value(headedConnKey{}).(*headedConn); ok {
			hc.handled.Store(true)
		}
		h.ServeHTTP(w, r)
	})
}

// servedReport is a report file named on the command line and the one URL
// path it is served at.
type servedReport struct {
	role  string // "baseline" or "current": the page's query parameter
	file  string // absolute, with no symbolic link in it at start
	route string // "/reports/<role>/<name>", unescaped
}

// namedReports checks the command line's report arguments, in the order
// BASELINE, CURRENT, and gives each its route.
func namedReports(args []string) ([]servedReport, error) {
	roles := []string{"baseline", "current"}
	if len(args) > len(roles) {
		return nil, fmt.Errorf("too many arguments %q: give at most BASELINE and CURRENT (the verbs are compare, stats and export; see benchview help)", args)
	}
	var reports []servedReport
	for i, name := range args {
		role := roles[i]
		if err := checkReadable(name); err != nil {
			if i == 0 && !strings.ContainsAny(name, "./\\") { // a mistyped verb, most likely
				return nil, fmt.Errorf("%s report %s: %w (the verbs are compare, stats and export; see benchview help)", role, name, err)
			}
			return nil, fmt.Errorf("%s report %s: %w", role, name, err)
		}
		// Resolved once, here: what is served is the file named now, and a
		// symbolic link put in its place later is refused (serveReport).
		file, err := filepath.Abs(name)
		if err == nil {
			file, err = filepath.EvalSymlinks(file)
		}
		if err != nil {
			return nil, fmt.Errorf("%s report %s: %w", role, name, bareError(err))
		}
		route := "/reports/" + role + "/" + routeName(filepath.Base(file))
		reports = append(reports, servedReport{role: role, file: file, route: route})
	}
	// The viewer reads every format from the bytes served; two of
	// different tools are refused here, as compare and export refuse them,
	// rather than in the page after it has loaded.
	formats, errs, err := sniffFiles(args)
	if err != nil {
		return nil, err
	}
	if _, err := toolSides(args, formats, errs); err != nil {
		return nil, err
	}
	return reports, nil
}

// checkReadable says why name cannot be served as a report, if it cannot.
func checkReadable(name string) error {
	info, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return errors.New("no such file")
	}
	if err != nil {
		return bareError(err)
	}
	switch {
	case info.IsDir():
		// A criterion folder holds a baseline in many files (one
		// sample.json a benchmark), and the server serves each side as one
		// file, byte for byte, that the viewer reads; rather than invent a
		// file that packs the folder, it points to what reads folders.
		return errors.New("is a directory, not a report file: for a criterion folder, give one sample.json a side " +
			"(NAME/base/sample.json NAME/new/sample.json), or read the whole folder with `benchview export` or `benchview compare`")
	case !info.Mode().IsRegular():
		// A pipe (<(command)) or a device cannot be read again, and the
		// server reads a report afresh on every request.
		return errors.New("not a regular file: the server reads a report again on every request, so save it to a file first")
	}
	f, err := os.Open(name)
	if err != nil {
		return bareError(err)
	}
	return f.Close()
}

// bareError is err without the operation and path an *fs.PathError
// repeats ("open x: permission denied"): the message already names the
// file.
func bareError(err error) error {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return pathErr.Err
	}
	return err
}

// routeName is the file name a report is served under. Characters that a
// request path cannot carry plainly (a backslash, '%', control characters,
// broken UTF-8) become '_', so the route always passes requestPath.
func routeName(base string) string {
	return strings.Map(func(r rune) rune {
		if r == '\\' || r == '%' || r == utf8.RuneError || unicode.IsControl(r) {
			return '_'
		}
		return r
	}, base)
}

// pageURL is the address to open: the page on the bound address, with the
// reports' URLs as query values.
func pageURL(addr *net.TCPAddr, reports []servedReport) string {
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		// Listening everywhere (Go reports "0.0.0.0" as "::", dual-stack):
		// open it here.
		host = "127.0.0.1"
	}
	u := url.URL{Scheme: "http", Host: net.JoinHostPort(host, strconv.Itoa(addr.Port)), Path: "/",
		RawQuery: reportQuery(reports)}
	return u.String()
}

// reportQuery is the query that has the page load reports:
// baseline=URL&current=URL, "" for none.
func reportQuery(reports []servedReport) string {
	var query []string
	for _, r := range reports {
		value := (&url.URL{Path: r.route}).EscapedPath()
		// '/' may stand unescaped in a query (RFC 3986 3.4); it keeps the
		// printed URL readable. QueryEscape turned every '%' into "%25",
		// so each "%2F" left is a slash.
		query = append(query, r.role+"="+strings.ReplaceAll(url.QueryEscape(value), "%2F", "/"))
	}
	return strings.Join(query, "&")
}

// openBrowser asks the system to open page, and says so when it cannot.
func openBrowser(page string, stderr io.Writer) {
	name, args := "xdg-open", []string{page}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", page}
	}
	bin, err := exec.LookPath(name)
	if err != nil {
		fmt.Fprintf(stderr, "benchview: -open: no %s here to open a browser with; open the URL above yourself\n", name)
		return
	}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "benchview: -open: %v; open the URL above yourself\n", err)
		return
	}
	// xdg-open is installed on machines that have no browser for it to
	// run; it says so by its exit status (3, no method available).
	go func() {
		if err := cmd.Wait(); err != nil {
			fmt.Fprintf(stderr, "benchview: -open: %s could not open a browser (%v); open the URL above yourself\n", name, err)
		}
	}()
}

// newHandler serves the files of fsys (the viewer; fsys's root is the site's
// root, and / is index.html) and the named reports, and nothing else.
//
// Rather than http.FileServerFS, every file is read once here into a table
// keyed by URL path: only what is in the table can ever be served (no
// directory listing, no path resolution at request time, so no traversal),
// and the content hash (the ETag: embedded files have no modification
// time) and the gzip body are computed once instead of per request.
func newHandler(fsys fs.FS, reports []servedReport) (http.Handler, error) {
	h := &handler{assets: map[string]*asset{}, reports: map[string]string{}}
	files, err := regularFiles(fsys)
	if err != nil {
		return nil, err
	}
	for name := range files {
		if isGzipCopy(name, files) {
			continue // loaded with its source below
		}
		a, err := loadAsset(fsys, name, files[name+".gz"])
		if err != nil {
			return nil, err
		}
		h.assets["/"+name] = a
	}
	if index, ok := h.assets["/index.html"]; ok {
		h.assets["/"] = index
	}
	for _, r := range reports {
		h.reports[r.route] = r.file
	}
	h.start = reportQuery(reports)
	return withSecurityHeaders(h), nil
}

// isGzipCopy reports whether name is a prepared gzip copy of a file that
// has, the name.gz beside name that the build writes for the WASM.
func isGzipCopy(name string, has map[string]bool) bool {
	return strings.HasSuffix(name, ".gz") && has[strings.TrimSuffix(name, ".gz")]
}

// regularFiles lists fsys's regular files by slash-separated name. Symbolic
// links, devices and anything under a dot-name are left out: they are never
// served.
func regularFiles(fsys fs.FS) (map[string]bool, error) {
	files := map[string]bool{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			files[name] = true
		}
		return nil
	})
	return files, err
}

// asset is one file of the viewer, ready to serve.
type asset struct {
	name        string
	contentType string
	body        []byte
	etag        string
	// gzipped is body compressed, with its own ETag; nil when compressing
	// does not pay (an image, a file under a kilobyte).
	gzipped  []byte
	gzipETag string
}

// loadAsset reads name and prepares its gzip form. A prepared name+".gz"
// is used when it really holds name's current bytes: the Makefile writes
// one beside each WASM, the one file big enough (megabytes, about half a
// second at gzip -9) to be worth compressing at build time, and there with
// a better encoder for a release. Other compressible files are compressed
// here, once: ECharts, the largest, takes about 50 ms.
func loadAsset(fsys fs.FS, name string, hasSibling bool) (*asset, error) {
	body, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	a := &asset{name: name, contentType: contentType(name), body: body, etag: etag(body)}
	if hasSibling {
		gz, err := fs.ReadFile(fsys, name+".gz")
		if err != nil {
			return nil, err
		}
		if gunzipsTo(gz, body) {
			a.gzipped = gz
		}
	}
	if a.gzipped == nil && compressible(a.contentType) && len(body) >= 1024 {
		a.gzipped = gzipBytes(body)
		if len(a.gzipped) >= len(body) {
			a.gzipped = nil
		}
	}
	if a.gzipped != nil {
		a.gzipETag = etag(a.gzipped)
	}
	return a, nil
}

// gunzipsTo reports whether gz decompresses to want: a stale .gz left
// from an earlier build must not be served in place of a rebuilt file.
// The gzip trailer's CRC-32 and length of the original are checked, which
// takes a millisecond where decompressing the WASM takes tens.
func gunzipsTo(gz, want []byte) bool {
	if len(gz) < 18 || gz[0] != 0x1f || gz[1] != 0x8b {
		return false
	}
	trailer := gz[len(gz)-8:]
	return binary.LittleEndian.Uint32(trailer) == crc32.ChecksumIEEE(want) &&
		binary.LittleEndian.Uint32(trailer[4:]) == uint32(len(want))
}

func gzipBytes(body []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level never fails
	zw.Write(body)                                           // a bytes.Buffer never fails
	zw.Close()
	return buf.Bytes()
}

// etag is a strong validator for body: a rebuild that changes a byte
// changes it, a reload of the same build revalidates to a 304.
func etag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
}

// contentTypes fixes the types the viewer depends on, whatever the host's
// MIME tables say (a browser compiles WASM streamingly only when it is
// served as application/wasm). JSONL is plain text, so a report opened
// directly reads as text and is never rendered as markup.
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".wasm":  "application/wasm",
	".json":  "application/json",
	".jsonl": "text/plain; charset=utf-8",
	".txt":   "text/plain; charset=utf-8",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".ico":   "image/x-icon",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(contentType string) bool {
	media, _, _ := strings.Cut(contentType, ";")
	switch media {
	case "application/wasm", "application/json", "image/svg+xml", "text/javascript":
		return true
	}
	return strings.HasPrefix(media, "text/")
}

// handler serves the asset table and the reports.
type handler struct {
	assets  map[string]*asset // by URL path
	reports map[string]string // URL path to file
	// start is the query of the page with the named reports (see
	// reportQuery); "" when none were named.
	start string
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p, ok := requestPath(r.URL)
	if !ok {
		http.Error(w, "400 bad request path", http.StatusBadRequest)
		return
	}
	if file, ok := h.reports[p]; ok {
		serveReport(w, r, file)
		return
	}
	if p == "/" && r.URL.RawQuery == "" && h.start != "" {
		// The bare address of a server started with reports opens on
		// them, as the printed one does: the page loads what its query
		// names. Not cached: the next server may name others.
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, "/?"+h.start, http.StatusFound)
		return
	}
	a, ok := h.assets[p]
	if !ok {
		http.NotFound(w, r)
		return
	}
	a.serve(w, r)
}

// requestPath is the request's path when it is one the tables could hold:
// absolute, clean (no "." or ".." segments, no doubled slashes, however
// they were encoded), and free of backslashes, encoded slashes and control
// characters. Lookups are exact, so this is a second wall, not the only
// one; it turns a probing request into a 400 instead of a 404.
func requestPath(u *url.URL) (string, bool) {
	p := u.Path
	escaped := strings.ToLower(u.EscapedPath())
	if !strings.HasPrefix(p, "/") || strings.Contains(p, `\`) ||
		strings.Contains(escaped, "%2f") || strings.Contains(escaped, "%5c") {
		return "", false
	}
	for _, c := range []byte(p) {
		if c < 0x20 || c == 0x7f {
			return "", false
		}
	}
	if trimmed := strings.TrimSuffix(p, "/"); p != "/" && path.Clean(trimmed) != trimmed {
		return "", false
	}
	return p, true
}

func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Type", a.contentType)
	hdr.Set("Cache-Control", "no-cache") // keep it, but ask each time: a rebuild shows at once
	body, tag := a.body, a.etag
	if a.gzipped != nil {
		hdr.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Values("Accept-Encoding")) {
			body, tag = a.gzipped, a.gzipETag
			hdr.Set("Content-Encoding", "gzip")
			// ServeContent leaves the length out of encoded responses; a
			// whole body's is known, and it lets the page show how much of
			// the WASM has arrived. (A range is left to ServeContent.)
			if r.Header.Get("Range") == "" {
				hdr.Set("Content-Length", strconv.Itoa(len(body)))
			}
		}
	}
	hdr.Set("ETag", tag)
	http.ServeContent(w, r, a.name, time.Time{}, bytes.NewReader(body))
}

// serveReport serves a report named on the command line, read afresh on
// every request so that the page shows a benchmark rerun after a reload.
func serveReport(w http.ResponseWriter, r *http.Request, file string) {
	f, err := openReport(file)
	if errors.Is(err, errNotRegular) {
		http.Error(w, "report "+filepath.Base(file)+" is no longer a regular file", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "report "+filepath.Base(file)+" can no longer be read", http.StatusNotFound)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", time.Time{}, f)
}

// errNotRegular is openReport's refusal of anything but a regular file.
var errNotRegular = errors.New("not a regular file")

// openReport opens file for reading only when it is a regular file, and
// not a symbolic link to one: something put in a report's place while the
// server runs is refused, not followed. A link could lead anywhere the
// server may read (/etc/shadow, as root); a FIFO or a device would block
// open(2), holding an OS thread per request until a writer came.
//
// The path is checked for links (it had none at start, so a folder on
// the way that became one since is refused like the file itself), the
// name looked at without following it (lstat), then opened without
// blocking (O_NONBLOCK), and what was opened must be the very file looked
// at: a swap between the two steps is refused as well.
func openReport(file string) (*os.File, error) {
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil, err
	}
	if real != file {
		return nil, errNotRegular
	}
	named, err := os.Lstat(file)
	if err != nil {
		return nil, err
	}
	if !named.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := os.OpenFile(file, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	opened, err := f.Stat()
	if err != nil || !os.SameFile(named, opened) {
		f.Close()
		return nil, errNotRegular
	}
	return f, nil
}

// acceptsGzip reads Accept-Encoding: gzip is acceptable when listed (or
// matched by "*") with a nonzero q; an explicit "gzip;q=0" wins over "*".
func acceptsGzip(headers []string) bool {
	gzipQ, starQ := -1.0, -1.0
	for _, header := range headers {
		for _, part := range strings.Split(header, ",") {
			coding, params, _ := strings.Cut(part, ";")
			q := 1.0
			for _, param := range strings.Split(params, ";") {
				key, value, ok := strings.Cut(param, "=")
				if ok && strings.EqualFold(strings.TrimSpace(key), "q") {
					var err error
					if q, err = strconv.ParseFloat(strings.TrimSpace(value), 64); err != nil {
						q = 0
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gzipQ = q
			case "*":
				starQ = q
			}
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}

// loopbackHostsOnly refuses requests that name any host but this machine
// (localhost or a loopback address). A loopback server is reachable from
// this machine's browser only, but a web page it visits can rebind its own
// name to 127.0.0.1 and read the reports as same-origin: such requests
// still carry that page's host name.
// The refusal carries the security headers too, like every response.
func loopbackHostsOnly(next http.Handler) http.Handler {
	refuse := withSecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "421 benchview answers only to localhost and loopback addresses, such as the URL it printed",
			http.StatusMisdirectedRequest)
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLoopbackHost(r.Host) {
			refuse.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// isLoopbackHost reports whether a Host header names this machine.
func isLoopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport // no port
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") { // RFC 6761: always loopback
		return true
	}
	ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return ip != nil && ip.IsLoopback()
}

// securityHeaders are the headers every response carries, as name and
// value.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	// With the opener policy, this makes the page cross-origin isolated:
	// it may share memory with its workers (wasm/cmd/viewer/gate.go).
	// Everything the page loads is its own origin's.
	{"Cross-Origin-Embedder-Policy", "require-corp"},
}

// withSecurityHeaders sets the headers every response carries, errors
// included.
func withSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		for _, h := range securityHeaders {
			hdr.Set(h[0], h[1])
		}
		next.ServeHTTP(w, r)
	})
}
