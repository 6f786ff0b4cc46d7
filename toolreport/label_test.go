package toolreport

import "testing"

// TestLabelShowsEachPartOnce: a pair the name shows is not repeated, any
// other pair of the result's own configuration is added, a run's never.
func TestLabelShowsEachPartOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		data string
		want []string
	}{
		{"go", "goos: linux\nBenchmarkSum/n=1000-2 10 2451 ns/op\nBenchmarkHash 10 3 ns/op\n",
			[]string{"Sum/n=1000-2", "Hash"}},
		{"hyperfine", `{"results":[` +
			`{"command":"./w loop 20000","times":[1],"exit_codes":[0],"parameters":{"n":"20000"}},` +
			`{"command":"sleep 1","times":[1],"exit_codes":[0],"parameters":{"n":"10"}},` +
			`{"command":"sleep 100","times":[1],"exit_codes":[0],"parameters":{"n":"10"}}]}`,
			[]string{"./w loop 20000", "sleep 1 n=10", "sleep 100 n=10"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Read(c.name, []byte(c.data))
			if err != nil || len(r.Problems) > 0 {
				t.Fatalf("err %v, problems %v", err, r.Problems)
			}
			if len(r.Results) != len(c.want) {
				t.Fatalf("%d results, want %d", len(r.Results), len(c.want))
			}
			for i, want := range c.want {
				if got := r.Results[i].Label(); got != want {
					t.Errorf("Label %q, want %q (key %q)", got, want, r.Results[i].Key())
				}
			}
		})
	}
}

func TestShownIn(t *testing.T) {
	for _, c := range []struct {
		name, value string
		want        bool
	}{
		{"./work.sh loop 20000", "20000", true},
		{"./work.sh loop 200001", "20000", false},
		{"./work.sh loop 120000 20000", "20000", true},
		{"test_sort[100]", "100", true},
		{"test_sort[1000]", "100", false},
		{"run -x=a.b", "a.b", true},
		{"run", "", false},
	} {
		if got := shownIn(c.name, c.value); got != c.want {
			t.Errorf("shownIn(%q, %q) = %v, want %v", c.name, c.value, got, c.want)
		}
	}
}
