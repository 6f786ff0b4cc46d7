//go:build js && wasm

package main

import (
	"errors"
	"io"
	"path"
	"strconv"
	"syscall/js"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/internal/query"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
	"github.com/benchview/benchview/wasm/store"
)

// Open reads the files a user picked or dropped (components.Host). Two or
// more at once: the older (lastModified) is the baseline, the newer the
// current, whatever zone they were dropped on. One file goes to the zone it
// was put on, or, dropped elsewhere, to the first empty side.
func (p *page) Open(where components.Placement, list js.Value) {
	files := make([]file, list.Length())
	for i := range files {
		f := list.Index(i)
		files[i] = file{f.Get("name").String(), f.Get("lastModified").Float(), f}
	}
	if len(files) == 0 {
		return
	}
	p.clearAddressQuery()
	if len(files) >= 2 {
		base, cur := store.Pair(files[0].modified, files[1].modified)
		p.read(actions.Baseline, files[base])
		p.read(actions.Current, files[cur])
		return
	}
	side := actions.Side(where)
	if where == components.Anywhere {
		side = actions.Baseline
		if p.store.Report(actions.Baseline) != nil || p.store.Loading(actions.Baseline) != "" {
			side = actions.Current
		}
	}
	p.read(side, files[0])
}

// file is a File the page was given.
type file struct {
	name     string
	modified float64 // ms since the epoch
	blob     js.Value
}

// read streams f into side's report.
func (p *page) read(side actions.Side, f file) {
	p.dispatch(&actions.LoadStarted{Side: side, Name: f.name})
	go p.parse(side, f.name, f.blob)
}

// OpenURLs loads reports by URL and records them in the address, so the
// view can be shared as a link (components.Host).
func (p *page) OpenURLs(baseline, current string) {
	q := query.Values{}
	q.Set("baseline", baseline)
	if current != "" {
		q.Set("current", current)
	}
	p.search = "?" + q.Encode()
	js.Global().Get("history").Call("pushState", nil, "", p.search+location().Get("hash").String())
	p.dispatch(&actions.Unswap{}) // a new pair shows as the address gives it
	p.fetch(actions.Baseline, baseline)
	if current != "" {
		p.fetch(actions.Current, current)
	}
}

// loadFromAddress loads what ?baseline=URL&current=URL names.
func (p *page) loadFromAddress() {
	p.search = location().Get("search").String()
	q, _ := query.Parse(trimQuestion(p.search))
	// The view may say the sides are swapped (tableview.View.Swap).
	if b := q.Get("baseline"); b != "" {
		p.fetch(p.loadedSide(actions.Baseline), b)
	}
	if c := q.Get("current"); c != "" {
		p.fetch(p.loadedSide(actions.Current), c)
	}
}

// clearAddressQuery drops ?baseline=…&current=… once the user loads files
// of their own: the address would name reports the page no longer shows.
func (p *page) clearAddressQuery() {
	if p.search == "" {
		return
	}
	p.search = ""
	l := location()
	js.Global().Get("history").Call("replaceState", nil, "", l.Get("pathname").String()+l.Get("hash").String())
}

func trimQuestion(s string) string {
	if len(s) > 0 && s[0] == '?' {
		return s[1:]
	}
	return s
}

// fetch loads the report at ref, a URL of the page's own origin.
func (p *page) fetch(side actions.Side, ref string) {
	name := ref
	u, err := resolve(ref)
	if err == nil && u.Get("origin").String() != location().Get("origin").String() {
		err = errors.New("only reports from this page's own origin are loaded")
	}
	if err == nil {
		name = path.Base(u.Get("pathname").String())
		if n, err := query.PathUnescape(name); err == nil {
			name = n
		}
	}
	p.dispatch(&actions.LoadStarted{Side: side, Name: name})
	if err != nil {
		p.dispatch(&actions.LoadFailed{Side: side, Name: ref, Err: err.Error()})
		return
	}
	go func() {
		resp, err := await(js.Global().Call("fetch", u.Get("href"), map[string]any{"credentials": "same-origin"}))
		if err == nil && !resp.Get("ok").Bool() {
			err = errors.New("HTTP " + strconv.Itoa(resp.Get("status").Int()) + " " + resp.Get("statusText").String())
		}
		var blob js.Value
		if err == nil {
			blob, err = await(resp.Call("blob"))
		}
		if err != nil {
			p.dispatch(&actions.LoadFailed{Side: side, Name: name, Err: err.Error()})
			return
		}
		p.parse(side, name, blob)
	}()
}

// resolve is ref resolved against the page's address, as the browser
// resolves a link: a URL object. (The browser's own, rather than
// net/url's Parse, whose checks of a host brought net/netip into the
// WebAssembly: some 15 KB of what a first visit downloads.)
func resolve(ref string) (u js.Value, err error) {
	defer func() {
		if recover() != nil { // the constructor throws on what is no URL
			u, err = js.Undefined(), errors.New("not a URL: "+strconv.Quote(ref))
		}
	}()
	return js.Global().Get("URL").New(ref, location().Get("href")), nil
}

// parse reads the report in blob (a File, or a fetched body) and keeps
// blob as the report's source, for Download. What its start holds says
// which tool wrote it (toolreport.Sniff): a cove-bench report is read
// chunk by chunk as it streams in (readCoveBench), another tool's whole
// (readTool).
func (p *page) parse(side actions.Side, name string, blob js.Value) {
	head, err := bytesOf(blob.Call("slice", 0, toolreport.SniffLen))
	if err != nil {
		p.dispatch(&actions.LoadFailed{Side: side, Name: name, Err: err.Error()})
		return
	}
	f, notAReport := toolreport.Sniff(name, head)
	if notAReport == nil && f != toolreport.CoveBench {
		p.readTool(side, name, blob)
		return
	}
	p.readCoveBench(side, name, blob, notAReport)
}

// readTool reads the report of another tool than cove-bench in blob, in
// a worker when one runs (a suite's go test -bench output of ten
// thousand rows held the page for 300-800 ms, read here in one task),
// and pairs it ahead of the store as a cove-bench report is (see
// readCoveBench).
func (p *page) readTool(side actions.Side, name string, blob js.Value) {
	endRead := components.Span("read a report")
	r, ok := p.pool.readTool(int(side), name, blob, p.loadProgress(side, blob))
	endRead()
	var err error
	if !ok {
		r, err = readToolHere(name, blob)
	}
	if err != nil {
		p.dispatch(&actions.LoadFailed{Side: side, Name: name, Err: err.Error()})
		return
	}
	yield()
	endPair := components.Span("pair the reports")
	rv := p.pairToolAhead(side, r)
	endPair()
	if rv != nil {
		yield()
	}
	p.keepSource(r, blob) // in the task that hands it to the store, as below
	p.pool.gate.close()
	p.pool.gate.holdFrame()
	p.dispatch(&actions.ReportLoaded{Side: side, Tool: r, Review: rv})
}

// loadProgress tells the store how many bytes of blob, side's report,
// were read.
func (p *page) loadProgress(side actions.Side, blob js.Value) func(read int64) {
	size := int64(blob.Get("size").Float())
	return func(read int64) {
		p.dispatch(&actions.LoadProgress{Side: side, Read: read, Size: size})
	}
}

// readToolHere reads the report of another tool in blob on the page, in
// one task: when no worker could.
func readToolHere(name string, blob js.Value) (*toolreport.Report, error) {
	data, err := bytesOf(blob)
	if err != nil {
		return nil, err
	}
	return toolreport.Read(name, data)
}

// readCoveBench reads the cove-bench report in blob, chunk by chunk.
// notAReport, when not nil, is why Sniff placed it in no format: a file
// of which no line is a row gets that message, which names the formats
// benchview reads, rather than one for each of its lines; one whose first
// lines are damaged but has rows is read as core/report reads it.
func (p *page) readCoveBench(side actions.Side, name string, blob js.Value, notAReport error) {
	progress := p.loadProgress(side, blob)
	// A worker reads it if one can; else, or should the worker fail, the
	// page does.
	endRead := components.Span("read a report")
	r, ok := p.pool.read(int(side), name, blob, progress)
	endRead()
	var err error
	if !ok {
		r, err = p.readCoveBenchHere(name, blob, progress)
	}
	if err == nil && notAReport != nil && len(r.Rows) == 0 {
		err = notAReport
	}
	if err != nil {
		p.dispatch(&actions.LoadFailed{Side: side, Name: name, Err: err.Error()})
		return
	}
	// Pairing the reports into a review, and what follows, in tasks of
	// their own: not after the last piece of parsing, in the same.
	yield()
	endPair := components.Span("pair the reports")
	rv := p.pairAhead(side, r)
	endPair()
	if rv != nil {
		// The report enters the store, and the rows go to the workers, in
		// a task after the last slice of pairing: in the same, at ten
		// thousand rows, the two made a task of 50-75 ms.
		yield()
	}
	// Kept in the same task as the report enters the store: keepSource
	// forgets the sources of reports the store does not have, and the other
	// side's parse may finish during a yield.
	p.keepSource(r, blob)
	p.pool.gate.close()     // the store takes the review,
	p.pool.gate.holdFrame() // and the page renders it: 50 ms and more on a fresh page
	p.dispatch(&actions.ReportLoaded{Side: side, Report: r, Review: rv})
}

// readCoveBenchHere reads the cove-bench report in blob on the page, as
// it streams in, telling progress how far it is.
func (p *page) readCoveBenchHere(name string, blob js.Value, progress func(read int64)) (*report.Report, error) {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(pump(blob.Call("stream"), pw, progress)) }()
	r, err := report.Read(pr, name)
	pr.CloseWithError(io.ErrClosedPipe) // stop the pump if Read gave up early
	return r, err
}

// bytesOf is the bytes of blob.
func bytesOf(blob js.Value) ([]byte, error) {
	buf, err := await(blob.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	b := make([]byte, buf.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf))
	return b, nil
}

// pairAhead pairs r, about to be side's report, with the other side's
// report, a slice of pairBudget at a time with a yield after each, when
// the store would pair them on r's arrival: ten thousand rows took some
// 200 ms, in one task. It returns nil when the other side is still
// loading: the store pairs once that one arrives, and so that one pairs
// ahead. Should the other side change meanwhile, the store sees the
// review is of other reports and pairs anew.
func (p *page) pairAhead(side actions.Side, r *report.Report) *review.Review {
	other := otherSide(side)
	if p.store.Loading(other) != "" || p.store.Tool(other) != nil {
		return nil // nor with another tool's report: the store refuses the pair
	}
	base, cur := r, p.store.Report(other)
	if side == actions.Current {
		base, cur = cur, r
	}
	return p.pairInSlices(base, cur, nil)
}

// pairToolAhead is pairAhead for t, another tool's report: it pairs the
// rows of the metric the store will show, the very rows the store will
// have (store.RowsOf), so that the store takes the review.
func (p *page) pairToolAhead(side actions.Side, t *toolreport.Report) *review.Review {
	other := otherSide(side)
	if p.store.Loading(other) != "" {
		return nil
	}
	var tools [2]*toolreport.Report
	tools[side], tools[other] = t, p.store.Tool(other)
	if o := tools[other]; o == nil && p.store.Report(other) != nil || o != nil && o.Format != t.Format {
		return nil // a report of another tool beside it: the store refuses the pair
	}
	m, _ := store.ChooseMetric(tools, p.store.View().Metric)
	var rows [2]*report.Report
	for s, tool := range tools {
		if tool != nil {
			rows[s] = p.store.RowsOf(tool, m)
		}
	}
	return p.pairInSlices(rows[actions.Baseline], rows[actions.Current], m)
}

// otherSide is the side that is not side.
func otherSide(side actions.Side) actions.Side {
	if side == actions.Baseline {
		return actions.Current
	}
	return actions.Baseline
}

// pairInSlices pairs base and cur (either may be nil), rows of metric m
// (nil: cove-bench's), a slice of pairBudget at a time with a yield
// after each, handing the rows paired so far to the workers after each.
func (p *page) pairInSlices(base, cur *report.Report, m *review.Metric) *review.Review {
	pairing := review.NewPairingOf(base, cur, m)
	step := pairStepFor(base, cur)
	for {
		// A worker is held while the page pairs (gate.go): with rows
		// handed out ahead, the two workers and the page on two cores
		// made slices of 50 ms and more on a fresh page.
		p.pool.gate.close()
		start := now()
		for now()-start < pairBudget {
			if pairing.Step(step) {
				// The last rows too go to the workers at once, not once
				// the store has taken the review: they had waited for the
				// store, the page's first render of the review and the
				// tasks between (some 30 ms warm, more on a fresh page).
				yield()
				p.pool.pairing(pairing.Review())
				return pairing.Review()
			}
		}
		// The workers start on the rows paired so far (ahead.go), in a
		// task of its own.
		yield()
		p.pool.pairing(pairing.Review())
		yield()
	}
}

// pairBudget is how long, in milliseconds, pairing holds the main thread
// before it lets the page have a turn; pairStep is how many keys it pairs
// between two looks at the clock, for rows of a suite's size, and
// pairSamples about how many samples (which pairing sorts) a step takes
// at most: a soak run's rows of 100,000 samples a side, 64 at a time, held
// the page for 140 ms in one task; one at a time, some 30 ms each.
const (
	pairBudget  = 15
	pairStep    = 64
	pairSamples = pairStep * 200
)

// pairStepFor is how many keys of base and cur a pairing step takes: as
// many as keep it within pairSamples samples, at least one and at most
// pairStep.
func pairStepFor(base, cur *report.Report) int {
	rows, samples := 0, 0
	for _, r := range []*report.Report{base, cur} {
		if r == nil {
			continue
		}
		for i := range r.Rows {
			rows++
			samples += len(r.Rows[i].Samples) + len(r.Rows[i].Values)
		}
	}
	if samples == 0 {
		return pairStep
	}
	// A key pairs a row of each side: twice a row's samples.
	return min(pairStep, max(1, pairSamples*rows/(2*samples)))
}

// progressInterval is how often, in milliseconds, reading a report says
// how far it is.
const progressInterval = 100

// parseBudget is how long, in milliseconds, reading a report holds the
// main thread before it lets the page have a turn.
const parseBudget = 20

// pieceSize is how many bytes pump hands the parser at once, so that it
// can yield between them: a file's stream comes in chunks of a megabyte or
// more, some 50 ms of parsing each, and a first piece of 64 KB, read by
// code running for the first time, took up to 40 ms.
const pieceSize = 16 << 10

// pump copies a ReadableStream of bytes into w, which parses each piece as
// it is written. A stream whose chunks are already there (a file) resolves
// every read at once, and would parse a whole file in one task: so after
// parseBudget of pieces, pump yields to the event loop, and tells progress
// how many bytes it copied, at most every progressInterval.
func pump(stream js.Value, w io.Writer, progress func(read int64)) error {
	reader := stream.Call("getReader")
	defer reader.Call("releaseLock")
	perf := js.Global().Get("performance")
	turn := perf.Call("now").Float()
	told, read := turn, int64(0)
	write := func(b []byte) error {
		for len(b) > 0 {
			if now := perf.Call("now").Float(); now-turn > parseBudget {
				if now-told > progressInterval {
					progress(read)
					told = now
				}
				yield()
				turn = perf.Call("now").Float()
			}
			n := min(len(b), pieceSize)
			if _, err := w.Write(b[:n]); err != nil {
				return err
			}
			read += int64(n)
			b = b[n:]
		}
		return nil
	}
	var buf []byte
	for {
		chunk, err := await(reader.Call("read"))
		if err != nil {
			return err
		}
		if chunk.Get("done").Bool() {
			return nil
		}
		v := chunk.Get("value")
		n := v.Get("length").Int()
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		js.CopyBytesToGo(buf[:n], v)
		if err := write(buf[:n]); err != nil {
			reader.Call("cancel")
			return err
		}
	}
}

// await waits for a promise; the goroutine blocks, the page does not.
func await(promise js.Value) (js.Value, error) {
	done := make(chan struct{})
	var value js.Value
	var err error
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		value = args[0]
		close(done)
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		err = errors.New(args[0].Call("toString").String())
		close(done)
		return nil
	})
	defer then.Release()
	defer catch.Release()
	promise.Call("then", then, catch)
	<-done
	return value, err
}
