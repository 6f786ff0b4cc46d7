//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"io"
	"syscall/js"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/components"
)

// A cove-bench report is read in a worker when one runs: the worker
// parses its JSON lines (some 70 ms of WebAssembly a side at ten
// thousand rows under Node, 90-100 ms in Chromium's workers, the two
// sides on two cores at once) and hands back the report's binary form
// (report.MarshalBinary), which the page unpacks in a tenth of that, of
// the bytes themselves (report.Unpack). The page's main thread stays free
// to render the progress, and the workers, idle until the rows are
// paired, do the work. Another tool's report is read so too, whole
// (toolreport.Read), and travels in toolreport's binary form.

// reading is a read handed to a worker, waiting for its answer.
type reading struct {
	worker   int
	progress func(read int64)
	answer   chan readAnswer
}

// readAnswer is a worker's answer to a read: the report's binary form,
// or why it has none.
type readAnswer struct {
	report []byte
	err    error
}

// read has a worker read the cove-bench report in blob, named name, and
// returns it, telling progress how many bytes were read as it goes. ok is
// false when no worker could read it (none runs, or the worker failed):
// the page then reads it itself, and says what is wrong with it if
// anything is. side only spreads the two sides over two workers.
func (p *pool) read(side int, name string, blob js.Value, progress func(read int64)) (r *report.Report, ok bool) {
	b, ok := p.readIn(side, name, blob, false, progress)
	if !ok {
		return nil, false
	}
	defer components.Span("unpack a report")()
	r, err := report.Unpack(b) // the bytes are the report's now: nothing else holds them
	if err != nil {
		println("benchview: a worker's report of", name, "is damaged:", err.Error(), "(the page reads it)")
		return nil, false
	}
	return r, true
}

// readTool is read for the report of another tool than cove-bench.
func (p *pool) readTool(side int, name string, blob js.Value, progress func(read int64)) (r *toolreport.Report, ok bool) {
	b, ok := p.readIn(side, name, blob, true, progress)
	if !ok {
		return nil, false
	}
	defer components.Span("unpack a report")()
	r, err := toolreport.Unpack(b)
	if err != nil {
		println("benchview: a worker's report of", name, "is damaged:", err.Error(), "(the page reads it)")
		return nil, false
	}
	return r, true
}

// readIn has a worker read the report in blob, a cove-bench report or
// (tool) another tool's, and returns its binary form; ok is false when no
// worker could (see read).
func (p *pool) readIn(side int, name string, blob js.Value, tool bool, progress func(read int64)) (b []byte, ok bool) {
	w := p.readWorker(side)
	if w < 0 {
		return nil, false
	}
	p.reads++
	id := p.reads
	rd := &reading{worker: w, progress: progress, answer: make(chan readAnswer, 1)}
	p.reading[id] = rd
	job := map[string]any{"read": blob, "name": name, "reading": id}
	if tool {
		job["tool"] = true
	}
	p.workers[w].Call("postMessage", job)
	a := <-rd.answer
	delete(p.reading, id)
	if a.err != nil {
		println("benchview: a worker could not read", name+":", a.err.Error(), "(the page reads it)")
		return nil, false
	}
	return a.report, true
}

// readWorker is the worker that reads side's report: the side-th of the
// workers still running, around; -1 when none runs.
func (p *pool) readWorker(side int) int {
	if p.local {
		return -1
	}
	var live []int
	for w := range p.workers {
		if !p.dead[w] {
			live = append(live, w)
		}
	}
	if len(live) == 0 {
		return -1
	}
	return live[side%len(live)]
}

// readMessage takes a worker's word on a read: how far it is, its report,
// or why it failed.
func (p *pool) readMessage(m js.Value) {
	rd := p.reading[m.Get("reading").Int()]
	if rd == nil {
		return
	}
	switch {
	case m.Get("report").Truthy():
		defer components.Span("copy a report")()
		a := m.Get("report")
		b := make([]byte, a.Get("length").Int())
		js.CopyBytesToGo(b, a)
		rd.answered(readAnswer{report: b})
	case m.Get("failed").Truthy():
		rd.answered(readAnswer{err: errors.New(m.Get("failed").String())})
	default:
		rd.progress(int64(m.Get("read").Float()))
	}
}

// answered gives the read its answer; the first one it gets: a worker
// that answers and then fails answers once.
func (rd *reading) answered(a readAnswer) {
	select {
	case rd.answer <- a:
	default:
	}
}

// failReads answers every read worker w has with its failure.
func (p *pool) failReads(w int, why string) {
	for _, rd := range p.reading {
		if rd.worker == w {
			rd.answered(readAnswer{err: errors.New(why)})
		}
	}
}

// readInWorker is the worker's side of a read (benchviewRead): the report
// in job.read, read as the page reads it (report.Read, or, when job.tool
// is set, toolreport.Read), in its binary form. A worker has no page to keep responsive: it reads the file
// synchronously, a piece at a time (FileReaderSync), and tells the page
// how far it is every progressInterval.
func readInWorker(job js.Value) (packed js.Value, err error) {
	// A file that can no longer be read makes FileReaderSync throw: the
	// page is told, and reads it itself to say why.
	defer func() {
		if e := recover(); e != nil {
			packed, err = js.Undefined(), fmt.Errorf("reading %s: %v", job.Get("name").String(), e)
		}
	}()
	blob := job.Get("read")
	f := &syncFile{blob: blob, size: int64(blob.Get("size").Float()), reader: js.Global().Get("FileReaderSync").New()}
	f.progress = func(read int64) {
		js.Global().Call("postMessage", map[string]any{"worker": job.Get("worker"), "reading": job.Get("reading"), "read": read})
	}
	var b []byte
	if job.Get("tool").Truthy() {
		b, err = readToolIn(f, job.Get("name").String())
	} else {
		var r *report.Report
		if r, err = report.Read(f, job.Get("name").String()); err == nil {
			b, err = r.MarshalBinary()
		}
	}
	if err != nil {
		return js.Undefined(), err
	}
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a, nil
}

// readToolIn reads another tool's report from f, whole (its readers read
// a file at once, in one piece), telling the page how far into it the
// reader is, and gives its binary form.
func readToolIn(f *syncFile, name string) ([]byte, error) {
	data := make([]byte, f.size)
	n := js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(f.reader.Call("readAsArrayBuffer", f.blob)))
	r, err := toolreport.ReadTelling(name, data[:n], func(done int) { f.progress(int64(done)) })
	if err != nil {
		return nil, err
	}
	return r.MarshalBinary()
}

// syncFile reads a Blob in a worker, syncPiece bytes at a time, and says
// how far it is every progressInterval.
type syncFile struct {
	blob     js.Value
	reader   js.Value // a FileReaderSync
	size     int64
	fetched  int64  // how much of the blob has been read from it
	piece    []byte // what was read from it and not yet handed out
	buf      []byte // piece's memory, reused
	read     int64  // how much has been handed out
	told     float64
	progress func(read int64)
}

// syncPiece is how many bytes syncFile reads from its Blob at once. Each
// read is a round trip to the browser for the file's bytes: read 64 KB
// at a time, as the parser asks, a report of 3.3 MB took some 110 ms of
// its worker's 270.
const syncPiece = 4 << 20

// Size is the Blob's size, which report.Read allocates its rows by.
func (f *syncFile) Size() int64 { return f.size }

func (f *syncFile) Read(p []byte) (int, error) {
	if len(f.piece) == 0 {
		if f.fetched >= f.size {
			return 0, io.EOF
		}
		end := min(f.size, f.fetched+syncPiece)
		if f.buf == nil {
			f.buf = make([]byte, end-f.fetched)
		}
		buf := f.reader.Call("readAsArrayBuffer", f.blob.Call("slice", f.fetched, end))
		n := js.CopyBytesToGo(f.buf, js.Global().Get("Uint8Array").New(buf))
		if n == 0 {
			return 0, io.ErrUnexpectedEOF // the blob is shorter than its size says
		}
		f.fetched += int64(n)
		f.piece = f.buf[:n]
	}
	n := copy(p, f.piece)
	f.piece = f.piece[n:]
	f.read += int64(n)
	if t := now(); t-f.told > progressInterval {
		f.told = t
		f.progress(f.read)
	}
	return n, nil
}
