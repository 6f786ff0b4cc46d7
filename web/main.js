// Boots the viewer: compiles viewer.wasm once, keeps the compiled module for
// the Web Workers (web/worker.js instantiates it again without a second
// download or compile), and runs it on the page.
"use strict";

(async () => {
  const url = "viewer.wasm";
  let module;
  try {
    const compiling = compile(url);
    // The compile runs off the main thread: meanwhile, warm the charts.
    await warmCharts();
    module = await compiling;
    globalThis.benchviewModule = module;
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    go.run(instance).then(() => fail("the viewer stopped"));
  } catch (err) {
    fail(String(err));
  }
})();

async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" }));
  } catch (streamingError) {
    // A server that does not say application/wasm: compile from bytes.
    const resp = await fetch(url, { credentials: "same-origin" });
    if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
    return WebAssembly.compile(await resp.arrayBuffer());
  }
}

// warmCharts draws, off-screen, one small chart of each kind the viewer
// draws, one per task, and throws them away. The first chart a page draws
// pays for ECharts compiling its code and for the browser finding its
// fonts: 100 ms or more, which would otherwise land on the first interval
// bars, in the middle of a computation. A chart that fails to draw here
// is no error: the viewer draws its own.
async function warmCharts() {
  const task = () => new Promise((resolve) => setTimeout(resolve, 0));
  const axis = { axisLabel: { color: "#5f6b7a" }, splitLine: { show: true } };
  const options = [
    { // the run order: samples by position, a median line per side
      animation: false, legend: { show: true }, tooltip: { trigger: "item", confine: true },
      grid: { containLabel: true },
      xAxis: { type: "category", name: "position in the run", data: ["1", "2", "3"] },
      yAxis: { type: "value", name: "ms", scale: true, ...axis },
      series: [{
        name: "Baseline", type: "scatter", data: [1.02, 1.01, 1.03],
        markLine: { symbol: ["none", "none"], data: [{ name: "median", yAxis: 1.02 }], label: { show: true, formatter: "median 1.02 ms" } },
      }],
    },
    { // the interval bars: a box per row, marks for rows with no interval
      animation: false, tooltip: { trigger: "item", confine: true }, grid: { containLabel: true },
      xAxis: { type: "value", name: "Δ% of the baseline median", position: "top", ...axis },
      yAxis: { type: "category", inverse: true, data: ["bench/vm/vm", "bench/vm/jit"], axisLabel: { interval: 0 } },
      series: [
        {
          type: "boxplot", data: [{ name: "bench/vm/vm", value: [-1, -1, 0.5, 2, 2], itemStyle: { color: "#8a94a333" }, tooltip: { formatter: "<strong>bench</strong>" } }, { name: "bench/vm/jit" }],
          markLine: { symbol: ["none", "none"], data: [{ name: "no change", xAxis: 0 }], label: { show: false } },
        },
        { type: "scatter", data: [{ name: "bench/vm/jit", value: [3, 1], symbol: "emptyCircle" }] },
      ],
    },
  ];
  try {
    await task();
    const chart = echarts.init(document.createElement("div"), null, { width: 480, height: 240 });
    for (const option of options) {
      await task();
      chart.setOption(option, { notMerge: true });
    }
    chart.dispose();
  } catch (err) {
    console.warn("benchview: warming the charts:", err);
  }
}

// fail tells the reader the viewer could not start; the text is set as text.
function fail(message) {
  document.body.dataset.state = "error";
  const p = document.createElement("p");
  p.className = "boot-error";
  p.setAttribute("role", "alert");
  p.textContent = "benchview could not start: " + message;
  document.body.append(p);
}
