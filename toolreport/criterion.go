package toolreport

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// criterionSample is criterion's sample.json: per sample, how many
// iterations it ran and how long they took in all, in nanoseconds.
type criterionSample struct {
	SamplingMode string    `json:"sampling_mode"`
	Iters        []float64 `json:"iters"`
	Times        []float64 `json:"times"`
}

// criterionBenchmark is the part of benchmark.json that names the
// benchmark.
type criterionBenchmark struct {
	FullID   string  `json:"full_id"`
	GroupID  string  `json:"group_id"`
	Function *string `json:"function_id"`
	Value    *string `json:"value_str"`
}

// criterionEstimate is one estimate of estimates.json, in nanoseconds.
type criterionEstimate struct {
	PointEstimate float64 `json:"point_estimate"`
}

// ReadCriterionSample reads one of criterion's sample.json files as a
// report of one result: per sample, times[i]/iters[i] (nanoseconds per
// iteration) in seconds. The result is named for the folders the file is
// in ("sort/1000" of "target/criterion/sort/1000/new/sample.json") when
// its name has them.
func ReadCriterionSample(name string, data []byte) *Report {
	r := &Report{Name: name, Format: Criterion}
	r.addCriterionSample(name, criterionName(name), data)
	return r
}

// criterionName is the benchmark a sample.json path is of: what lies
// between "criterion/" (or the start) and "/<baseline>/sample.json".
func criterionName(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	dir := path.Dir(path.Dir(p)) // drop "<baseline>/sample.json"
	if i := strings.LastIndex(dir, "criterion/"); i >= 0 {
		dir = dir[i+len("criterion/"):]
	}
	if dir == "." || dir == "/" || dir == "" {
		return path.Base(p)
	}
	return dir
}

// addCriterionSample adds the result a sample.json holds; file is the
// name its problems are reported under.
func (r *Report) addCriterionSample(file, name string, data []byte) *Result {
	bad := func(msg string) *Result {
		r.Problems = append(r.Problems, Problem{File: file, Line: 1, Msg: msg})
		return nil
	}
	var s criterionSample
	if err := json.Unmarshal(data, &s); err != nil {
		return bad("not criterion's sample.json: " + strings.TrimPrefix(err.Error(), "json: "))
	}
	if len(s.Iters) == 0 || len(s.Iters) != len(s.Times) {
		return bad("iters and times are not two lists of the same, non-zero length (" + strconv.Itoa(len(s.Iters)) + " and " + strconv.Itoa(len(s.Times)) + ")")
	}
	m := Metric{Name: "time", Unit: "sec/op", Better: Lower}
	for i := range s.Iters {
		if !(s.Iters[i] > 0) {
			return bad("iters[" + strconv.Itoa(i) + "] is not a positive count; the benchmark was left out")
		}
		v := s.Times[i] / s.Iters[i] / 1e9
		if why := badSample(v); why != "" {
			return bad("times[" + strconv.Itoa(i) + "] " + why + "; the benchmark was left out")
		}
		m.Samples = append(m.Samples, v)
	}
	r.Results = append(r.Results, Result{Name: name, Line: 1, Metrics: []Metric{m}})
	return &r.Results[len(r.Results)-1]
}

// CriterionBaselines lists the baselines of a criterion folder (the
// target/criterion folder, or any folder of benchmarks under it): the
// names of the folders that hold a sample.json, sorted.
func CriterionBaselines(fsys fs.FS) ([]string, error) {
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && e.Name() == "sample.json" && path.Dir(p) != "." {
			if b := path.Base(path.Dir(p)); !slices.Contains(names, b) {
				names = append(names, b)
			}
		}
		return nil
	})
	slices.Sort(names)
	return names, err
}

// ReadCriterion reads one baseline of a criterion folder: every
// <benchmark>/<baseline>/sample.json under fsys, in path order, named by the
// full_id of the benchmark.json beside it (the folder's path when there is
// none) and summarized by its estimates.json (mean, median, std_dev).
// Problems name the file they are about. An error means fsys could not be
// walked or holds no such baseline.
func ReadCriterion(fsys fs.FS, baseline string) (*Report, error) {
	r := &Report{Name: baseline, Format: Criterion}
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() || e.Name() != "sample.json" || path.Base(path.Dir(p)) != baseline {
			return nil
		}
		r.addCriterionDir(fsys, path.Dir(p))
		return nil
	})
	if err != nil {
		return r, err
	}
	if len(r.Results) == 0 && len(r.Problems) == 0 {
		names, _ := CriterionBaselines(fsys)
		return r, errors.New("no criterion baseline " + strconv.Quote(baseline) + " here (baselines found: " + strings.Join(names, ", ") + ")")
	}
	return r, nil
}

// ReadCriterionPair reads the two sides of a comparison from one criterion
// folder, as critcmp does: baseline and current name them, "base" and
// "new" when empty (a run saved with --save-baseline base, then the run
// criterion keeps in new).
func ReadCriterionPair(fsys fs.FS, baseline, current string) (base, cur *Report, err error) {
	if baseline == "" {
		baseline = "base"
	}
	if current == "" {
		current = "new"
	}
	if base, err = ReadCriterion(fsys, baseline); err != nil {
		return nil, nil, err
	}
	if cur, err = ReadCriterion(fsys, current); err != nil {
		return nil, nil, err
	}
	return base, cur, nil
}

// addCriterionDir adds the benchmark whose baseline folder is dir.
func (r *Report) addCriterionDir(fsys fs.FS, dir string) {
	file := path.Join(dir, "sample.json")
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		r.Problems = append(r.Problems, Problem{File: file, Msg: err.Error()})
		return
	}
	name := path.Dir(dir)
	if b, err := fs.ReadFile(fsys, path.Join(dir, "benchmark.json")); err == nil {
		var id criterionBenchmark
		if err := json.Unmarshal(b, &id); err != nil || id.FullID == "" {
			r.Problems = append(r.Problems, Problem{File: path.Join(dir, "benchmark.json"), Line: 1, Msg: "no full_id to name the benchmark by; named by its folder", Warning: true})
		} else {
			name = id.FullID
		}
	}
	res := r.addCriterionSample(file, name, data)
	if res == nil {
		return
	}
	if b, err := fs.ReadFile(fsys, path.Join(dir, "estimates.json")); err == nil {
		var est map[string]criterionEstimate
		if err := json.Unmarshal(b, &est); err != nil {
			r.Problems = append(r.Problems, Problem{File: path.Join(dir, "estimates.json"), Line: 1, Msg: "left out: " + strings.TrimPrefix(err.Error(), "json: "), Warning: true})
			return
		}
		s := NoSummary()
		s.N = len(res.Metrics[0].Samples)
		for k, p := range map[string]*float64{"mean": &s.Mean, "median": &s.Median, "std_dev": &s.StdDev} {
			if e, ok := est[k]; ok {
				*p = e.PointEstimate / 1e9
			}
		}
		res.Metrics[0].Summary = &s
	}
}
