//go:build js && wasm

package main

import (
	"bytes"
	"errors"
	"syscall/js"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export"
	"github.com/benchview/benchview/internal/version"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/message"
	"github.com/benchview/benchview/wasm/store"
)

// keepSource remembers the bytes what was read (a *report.Report, or a
// *toolreport.Report: store.Origin) came from, for Download, and forgets
// those of reports no longer loaded.
func (p *page) keepSource(read any, blob js.Value) {
	if p.sources == nil {
		p.sources = map[any]js.Value{}
	}
	for k := range p.sources {
		if k != p.store.Origin(actions.Baseline) && k != p.store.Origin(actions.Current) {
			delete(p.sources, k)
		}
	}
	p.sources[read] = blob
}

// Download offers the review shown as the page `benchview export` writes
// (components.Host), named after its reports.
//
// export.Page takes a good part of a second under WebAssembly (it gzips
// ECharts, about 1 MB, and every row's chart options), so it runs in a Web
// Worker of its own, which reads the same reports again and takes the
// comparisons the page has. Without workers it runs on the page, in one
// long task.
func (p *page) Download() {
	if !p.store.CanDownload() {
		return
	}
	rv := p.store.Review()
	job, err := p.exportJob(rv)
	if err != nil {
		p.store.Dispatch(&actions.DownloadDone{Err: err.Error()})
		return
	}
	name := p.store.DownloadName()
	p.store.Dispatch(&actions.DownloadStarted{})
	go func() {
		html, err := p.exportPage(job)
		if err == nil {
			save(html, name)
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		p.store.Dispatch(&actions.DownloadDone{Err: msg})
	}()
}

// exportJob is what a worker needs to build rv's page: the reports' bytes
// and names, and the comparisons computed (message.Comparisons). ECharts
// is added by exportPage.
func (p *page) exportJob(rv *review.Review) (map[string]any, error) {
	job := map[string]any{"export": true, "comparisons": message.Comparisons(rv)}
	if rv.Metric != nil {
		job["metric"] = rv.Metric.Name
	}
	for _, side := range []struct {
		key  string
		side actions.Side
	}{{"base", actions.Baseline}, {"cur", actions.Current}} {
		r := p.store.Report(side.side)
		if r == nil {
			continue
		}
		blob, ok := p.sources[p.store.Origin(side.side)]
		if !ok {
			return nil, errors.New("the bytes of " + r.Name + " are gone: load it again")
		}
		job[side.key] = blob
		job[side.key+"Name"] = r.Name
	}
	return job, nil
}

// exportPage fetches ECharts from the page's own origin and has the export
// worker build the page (or builds it here, when no worker can run).
func (p *page) exportPage(job map[string]any) ([]byte, error) {
	resp, err := await(js.Global().Call("fetch", "echarts.min.js", map[string]any{"credentials": "same-origin"}))
	if err == nil && !resp.Get("ok").Bool() {
		err = errors.New("echarts.min.js: HTTP " + resp.Get("status").String())
	}
	var buf js.Value
	if err == nil {
		buf, err = await(resp.Call("arrayBuffer"))
	}
	if err != nil {
		return nil, err
	}
	job["echarts"] = js.Global().Get("Uint8Array").New(buf)
	if p.exporter.IsUndefined() && !p.startExporter() {
		return buildPage(js.ValueOf(job))
	}
	done := make(chan struct{})
	var html []byte
	p.exportDone = func(m js.Value) {
		if e := m.Get("error"); !e.IsUndefined() {
			err = errors.New(e.String())
		} else {
			html = make([]byte, m.Get("page").Get("length").Int())
			js.CopyBytesToGo(html, m.Get("page"))
		}
		close(done)
	}
	p.exporter.Call("postMessage", job, []any{buf})
	<-done
	return html, err
}

// startExporter starts the worker that builds report pages, the viewer's
// module in its worker role; false when no worker can run.
func (p *page) startExporter() bool {
	module := js.Global().Get("benchviewModule")
	worker := js.Global().Get("Worker")
	if module.IsUndefined() || worker.IsUndefined() {
		return false
	}
	w := worker.New("worker.js", map[string]any{"name": "benchview-export"})
	w.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		m := args[0].Get("data")
		if m.Get("index").IsUndefined() && m.Get("page").IsUndefined() && m.Get("error").IsUndefined() {
			return nil // the worker's hello
		}
		if f := p.exportDone; f != nil {
			p.exportDone = nil
			f(m)
		}
		return nil
	}))
	w.Set("onerror", js.FuncOf(func(js.Value, []js.Value) any {
		p.exporter = js.Undefined() // the next download starts another
		if f := p.exportDone; f != nil {
			p.exportDone = nil
			f(js.ValueOf(map[string]any{"error": "the worker building the report failed"}))
		}
		return nil
	}))
	w.Call("postMessage", map[string]any{"module": module, "worker": -1})
	p.exporter = w
	return true
}

// buildPage builds the report page a job describes: the worker's side of
// Download. It reads the reports as the page did (parse), and pairs the
// rows of the same metric.
func buildPage(job js.Value) ([]byte, error) {
	var reports [2]*report.Report
	var tools [2]*toolreport.Report
	prov := export.Provenance{Version: version.String()}
	for i, key := range []string{"base", "cur"} {
		blob := job.Get(key)
		if blob.IsUndefined() {
			continue
		}
		// A File the user gave has its modification time; a report the
		// page fetched is a Blob, which has none.
		if ms := blob.Get("lastModified"); ms.Type() == js.TypeNumber {
			source := &prov.Base
			if i == 1 {
				source = &prov.Cur
			}
			source.Modified = time.UnixMilli(int64(ms.Float())).UTC()
		}
		b, err := bytesOf(blob)
		if err != nil {
			return nil, err
		}
		name := job.Get(key + "Name").String()
		if f, err := toolreport.Sniff(name, b); err == nil && f != toolreport.CoveBench {
			tools[i], err = toolreport.Read(name, b)
			if err != nil {
				return nil, err
			}
			continue
		}
		if reports[i], err = report.Read(bytes.NewReader(b), name); err != nil {
			return nil, err
		}
	}
	var metric *review.Metric
	if tools != [2]*toolreport.Report{} {
		name := ""
		if m := job.Get("metric"); m.Type() == js.TypeString {
			name = m.String()
		}
		reports, metric, prov.Metrics = store.MetricRows(tools, name)
		if metric == nil || name != "" && metric.Name != name {
			return nil, errors.New("these reports have no metric " + name)
		}
		prov.Base.Config, prov.Cur.Config = export.ConfigLines(tools[0]), export.ConfigLines(tools[1])
	}
	rv := review.NewOf(reports[0], reports[1], metric)
	if err := message.SetComparisons(rv, job.Get("comparisons")); err != nil {
		return nil, err
	}
	echarts := job.Get("echarts")
	lib := make([]byte, echarts.Get("length").Int())
	js.CopyBytesToGo(lib, echarts)
	return export.PageWith(rv, lib, prov)
}

// save offers b as a file to download, named name.
func save(b []byte, name string) {
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "text/html;charset=utf-8"})
	u := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", u)
	a.Set("download", name)
	doc.Get("body").Call("append", a)
	a.Call("click")
	a.Call("remove")
	// The download has its bytes once it starts; a minute is plenty.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", u)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60_000)
}
