package toolreport

import (
	"bytes"
	"encoding/json"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// ReadGo reads Go's benchmark format (what go test -bench prints and
// benchstat reads), or the go test -json output it is inside. It is read
// by golang.org/x/perf/benchfmt, with benchstat's rules: a result line is a
// sample, and the lines of one benchmark (the same name and configuration)
// are one result, their samples in file order; goos:, goarch:, pkg:, cpu:
// and other "key: value" lines are the configuration (File pairs) of the
// results after them; the name drops "Benchmark" and keeps the rest as
// benchstat prints it ("Sum/n=1000-2"), and its -GOMAXPROCS suffix and each
// key=value part of a sub-benchmark name are also the pairs /gomaxprocs and
// /key (InName); every unit on a line is a
// metric, tidied by benchunit (ns/op to sec/op, MB/s to B/s) and better
// lower or higher as benchstat says ("Unit" lines in the file first).
func ReadGo(name string, data []byte) *Report { return readGo(name, data, nil) }

// readGo is ReadGo, telling tell how far it is (see progress): of the
// text of go test -json's events, as far into the file as into the text.
func readGo(name string, data []byte, tell func(done int)) *Report {
	r := &Report{Name: name, Format: GoBench}
	if isGoTestJSON(data) {
		text, lines := r.goTestJSONText(data)
		r.readGoText(text, lines, tell, len(data))
	} else {
		r.readGoText(data, nil, tell, len(data))
	}
	if len(r.Results) == 0 && len(r.Problems) == 0 {
		r.problem(0, "no benchmark results: no line starts with Benchmark (was go test run with -bench?)")
	}
	return r
}

// isGoTestJSON reports whether data begins as go test -json does: an
// object with an "Action".
func isGoTestJSON(data []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimLeft(data, " \t\r\n\ufeff"), []byte("\n"))
	var e struct{ Action *string }
	return json.Unmarshal(line, &e) == nil && e.Action != nil
}

// goTestJSONText gathers the Output of go test -json events into the text
// go test would have printed, package by package (packages tested in
// parallel interleave their events). lines[i] is the JSON line the text's
// line i+1 began in, so problems name lines of the file read.
func (r *Report) goTestJSONText(data []byte) (text []byte, lines []int) {
	type pkgText struct {
		text    bytes.Buffer
		lines   []int
		partial bool // the last line has no newline yet
	}
	var order []string
	pkgs := map[string]*pkgText{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e struct {
			Action, Package string
			Output          *string
		}
		if err := json.Unmarshal(line, &e); err != nil {
			r.problem(n+1, "not a go test -json event: "+strings.TrimPrefix(err.Error(), "json: ")+" ("+quoteLine(line)+")")
			continue
		}
		if e.Output == nil {
			continue
		}
		p := pkgs[e.Package]
		if p == nil {
			p = &pkgText{}
			pkgs[e.Package] = p
			order = append(order, e.Package)
		}
		out := *e.Output
		for out != "" {
			if !p.partial {
				p.lines = append(p.lines, n+1)
			}
			chunk, rest, nl := strings.Cut(out, "\n")
			p.text.WriteString(chunk)
			if nl {
				p.text.WriteByte('\n')
			}
			p.partial = !nl
			out = rest
		}
	}
	var all bytes.Buffer
	for _, name := range order {
		p := pkgs[name]
		all.Write(p.text.Bytes())
		if p.partial {
			all.WriteByte('\n')
		}
		lines = append(lines, p.lines...)
	}
	return all.Bytes(), lines
}

// goKey identifies a Go result: its full name and every configuration
// value, as benchstat tells results apart.
func goKey(res *benchfmt.Result) string {
	var b strings.Builder
	b.Write(res.Name)
	for _, c := range res.Config {
		b.WriteString("\x00" + c.Key + "\x00")
		b.Write(c.Value)
	}
	return b.String()
}

// readGoText reads the benchmark text; lines maps its line numbers to the
// file's (nil when they are the same).
func (r *Report) readGoText(text []byte, lines []int, tell func(done int), size int) {
	fileLine := func(n int) int {
		if lines != nil && n >= 1 && n <= len(lines) {
			return lines[n-1]
		}
		return n
	}
	rd := benchfmt.NewReader(bytes.NewReader(text), r.Name)
	at := map[string]int{} // goKey to index in r.Results
	p := progress{f: tell}
	lineCount := max(1, bytes.Count(text, []byte("\n")))
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			r.problem(fileLine(rec.Line), rec.Msg)
		case *benchfmt.Result:
			_, n := rec.Pos()
			r.addGo(fileLine(n), rec, at)
			p.at(int(int64(size) * int64(n) / int64(lineCount)))
		}
	}
	if err := rd.Err(); err != nil {
		r.problem(0, "reading stopped: "+err.Error())
	}
	for i := range r.Results {
		ms := r.Results[i].Metrics
		for j := range ms {
			ms[j].Better = betterGo(rd.Units(), ms[j].Name, ms[j].Unit)
		}
	}
}

// addGo adds one result line to its result, making the result when it is
// the first line of its benchmark.
func (r *Report) addGo(line int, rec *benchfmt.Result, at map[string]int) {
	for _, v := range rec.Values {
		if why := badSample(v.Value); why != "" {
			r.problem(line, v.Unit+" "+why+"; the line was left out")
			return
		}
	}
	k := goKey(rec)
	i, ok := at[k]
	if !ok {
		i = len(r.Results)
		at[k] = i
		r.Results = append(r.Results, goResult(line, rec))
	}
	res := &r.Results[i]
	for _, v := range rec.Values {
		orig, value := v.OrigUnit, v.OrigValue
		if orig == "" {
			orig, value = v.Unit, v.Value
		}
		value, unit := tidyGo(value, orig)
		j := res.metric(orig)
		if j < 0 {
			res.Metrics = append(res.Metrics, Metric{Name: orig, Unit: unit})
			j = len(res.Metrics) - 1
		}
		res.Metrics[j].Samples = append(res.Metrics[j].Samples, value)
	}
}

// goResult starts the result of a benchmark from its first line.
func goResult(line int, rec *benchfmt.Result) Result {
	res := Result{Line: line}
	for _, c := range rec.Config {
		res.Config = append(res.Config, Pair{Key: c.Key, Value: string(c.Value), File: c.File})
	}
	base, parts := rec.Name.Parts()
	name := string(base)
	for _, p := range parts {
		name += string(p)
		if p[0] == '-' { // only ever last
			res.Config = append(res.Config, Pair{Key: "/gomaxprocs", Value: string(p[1:]), InName: true})
			continue
		}
		if k, v, ok := strings.Cut(string(p[1:]), "="); ok {
			res.Config = append(res.Config, Pair{Key: "/" + k, Value: v, InName: true})
		}
	}
	res.Name = name
	return res
}
