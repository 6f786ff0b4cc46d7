// The benchmarks behind testdata/formats/googlebench. SLOW=1 in the
// environment doubles the work of the benchmarks marked "slowed".
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

static int Factor() {
  const char* s = std::getenv("SLOW");
  return s != nullptr && std::strcmp(s, "1") == 0 ? 2 : 1;
}

// BM_Sum (slowed: sums each vector twice) over two sizes, with a BigO fit.
static void BM_Sum(benchmark::State& state) {
  std::vector<long> xs(state.range(0));
  std::iota(xs.begin(), xs.end(), 0);
  const int f = Factor();
  for (auto _ : state) {
    for (int k = 0; k < f; k++) {
      long s = std::accumulate(xs.begin(), xs.end(), 0L);
      benchmark::DoNotOptimize(s);
    }
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_Sum)->Arg(1 << 10)->Arg(1 << 13)->Complexity(benchmark::oN);

// BM_Concat (not slowed) reports items processed (items_per_second), a
// user rate counter (strings_per_second) and a plain user counter (len).
// The JSON keeps no counter flags, so a rate is known by its name.
static void BM_Concat(benchmark::State& state) {
  long items = 0;
  for (auto _ : state) {
    std::string s;
    for (int i = 0; i < 64; i++) {
      s += std::to_string(i);
    }
    benchmark::DoNotOptimize(s);
    items += 64;
  }
  state.SetItemsProcessed(items);
  state.counters["strings_per_second"] =
      benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["len"] = 118;
}
BENCHMARK(BM_Concat);

// BM_Copy (slowed: copies twice) with its own repetition count, so its
// name carries /repeats:8, and bytes processed (bytes_per_second).
static void BM_Copy(benchmark::State& state) {
  std::vector<char> a(1 << 14, 'x'), b(1 << 14);
  const int f = Factor();
  for (auto _ : state) {
    for (int k = 0; k < f; k++) {
      std::memcpy(b.data(), a.data(), a.size());
      benchmark::ClobberMemory();
    }
  }
  state.SetBytesProcessed(state.iterations() * long(a.size()));
}
BENCHMARK(BM_Copy)->Repetitions(8);

// BM_Broken always fails: error_occurred in every repetition.
static void BM_Broken(benchmark::State& state) {
  for (auto _ : state) {
    state.SkipWithError("the fixture's deliberate failure");
    break;
  }
}
BENCHMARK(BM_Broken);

BENCHMARK_MAIN();
