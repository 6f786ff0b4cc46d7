// Boots the viewer: compiles viewer.wasm once, keeps the compiled module for
// the Web Workers (web/worker.js instantiates it again without a second
// download or compile), and runs it on the page.
"use strict";

(async () => {
  const url = "viewer.wasm";
  let module;
  try {
    const compiling = compile(url);
    // Its failure is handled below, once the charts are warm; without a
    // handler now, a failure before then (a page opened from disk fails
    // at once) would be reported as an uncaught rejection meanwhile.
    compiling.catch(() => {});
    // The compile runs off the main thread: meanwhile (and after), warm
    // the charts.
    await warmCharts();
    module = await compiling;
    globalThis.benchviewModule = module;
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    // How much memory the page's module holds, in bytes: what make bench
    // reports beside the JavaScript heap.
    globalThis.benchviewMemory = () => instance.exports.mem.buffer.byteLength;
    go.run(instance).then(() => fail("the viewer stopped"));
  } catch (err) {
    if (location.protocol === "file:") {
      failFromDisk();
    } else {
      fail(String(err));
    }
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

// warmCharts draws, off-screen, one chart of each kind the viewer draws,
// one per task, and throws them away. The first chart a page draws pays
// for ECharts compiling its code and for the browser finding its fonts,
// 80–130 ms however small; and the first interval bars of many rows, for
// code running for the first time: a hundred of them took 55–120 ms to
// draw in the middle of a computation, 20–50 ms once as many were drawn
// here. This runs while the browser compiles the WebAssembly, or just
// after: it has the page usable some 60 ms later than tiny charts did.
// (Thirty bars here, and a hundred once the page was usable, made for
// longer tasks in the first computation.) The run order, drawn once a row
// is selected, is warmed small.
async function warmCharts() {
  await task();
  warmLayout();
  await task();
  draw(intervalOption(warmBars), 640, 70 + 26 * warmBars);
  await task();
  draw(runOrderOption(3), 480, 240);
}

// warmLayout lays out, off-screen and hidden, the kinds of element a
// review shows and the page before it does not (a select, a search box, a
// checkbox, chips, a table of numbers), and takes them away. A fresh
// browser styled and laid out the first review's frame in 35-85 ms, most
// of it the first of each kind of control; warmed here, in 13-25 ms.
function warmLayout() {
  const el = document.createElement("div");
  el.setAttribute("aria-hidden", "true");
  el.style.cssText = "position: absolute; left: -10000px; top: 0; visibility: hidden";
  el.innerHTML = `<div class="toolbar"><select><option>a</option><option>b</option></select>
    <input type="search" placeholder="Search"><input type="checkbox"></div>
    <div class="summary"><button type="button" class="chip">3 regression</button></div>
    <table class="results-table"><thead><tr><th class="group base">Baseline</th></tr></thead>
    <tbody><tr><td class="num">1.005 µs</td><td class="delta">+1.2% ▲</td></tr></tbody></table>`;
  document.body.append(el);
  void el.offsetHeight; // lay it out now
  el.remove();
}

// warmBars is how many interval bars warmCharts draws: as many as the
// review the page is measured with (e2e's BenchmarkDropToReady).
const warmBars = 100;

// task resolves in a task of its own.
function task() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// draw draws option on a chart of its own, off-screen, and disposes of it.
// A chart that fails to draw is no error: the viewer draws its own.
function draw(option, width, height) {
  try {
    const chart = echarts.init(document.createElement("div"), null, { width, height });
    chart.setOption(option, { notMerge: true });
    chart.dispose();
  } catch (err) {
    console.warn("benchview: warming the charts:", err);
  }
}

const warmAxis = { axisLabel: { color: "#5f6b7a" }, splitLine: { show: true, lineStyle: { color: "#e4e7ec" } } };
const warmTooltip = { trigger: "item", confine: true, backgroundColor: "#ffffff", borderColor: "#e4e7ec", textStyle: { color: "#1f2430" } };

// runOrderOption is shaped as the viewer's run-order chart (chart):
// n samples a side, a median line each.
function runOrderOption(n) {
  const side = (name, color, shift, position) => ({
    name, type: "scatter", itemStyle: { color },
    data: Array.from({ length: n }, (_, i) => 1000 + shift + ((i * 37) % 23)),
    markLine: {
      symbol: ["none", "none"], data: [{ name: name + " median", yAxis: 1011 + shift }],
      label: { show: true, color, backgroundColor: "#ffffffd9", position, formatter: "median 1.01 µs" },
      lineStyle: { color, width: 1.5, type: "dashed" },
    },
    tooltip: { formatter: "{a}, run {b}: {c} ns" },
  });
  return {
    animation: false, backgroundColor: "transparent", tooltip: warmTooltip,
    grid: [{ left: "8", top: "36", right: "16", bottom: "30", containLabel: true }],
    legend: { show: true, top: "0", right: "8", textStyle: { color: "#1f2430" } },
    xAxis: [{ type: "category", name: "position in the run", nameLocation: "middle", data: Array.from({ length: n }, (_, i) => String(i + 1)) }],
    yAxis: [{ type: "value", name: "ns", scale: true, ...warmAxis }],
    series: [side("Baseline", "#5b6bd6", 0, "insideStartTop"), side("Current", "#e07b39", 5, "insideEndTop")],
  };
}

// intervalOption is shaped as the viewer's interval bars (chart): n
// rows, a box each, a hollow mark for a row with no interval, the zero line.
function intervalOption(n) {
  const colors = ["#d1434b", "#2f9e6b", "#8a94a3", "#b7800f"]; // the last: no interval
  const names = Array.from({ length: n }, (_, i) => `bench${String(i).padStart(3, "0")}/vm/vm`);
  const tooltip = (name) => ({ formatter: `<strong>${name}</strong><br>inside the noise: Δ +0.20%, 95% interval [-1.00%, +1.00%]<br>median 1.005 ms → 1.007 ms` });
  const bars = names.map((name, i) => {
    const color = colors[i % colors.length];
    const bar = { name, itemStyle: { color: color + "33", borderColor: color, borderWidth: 1.5 }, tooltip: tooltip(name) };
    const d = (i % 7) - 3;
    if (color !== colors[3]) bar.value = [d - 1, d - 1, d, d + 1, d + 1];
    return bar;
  });
  const marks = names.flatMap((name, i) => (i % colors.length === 3
    ? [{ name, value: [(i % 7) - 3, i], symbol: "emptyCircle", symbolSize: 9, itemStyle: { color: colors[3] }, tooltip: tooltip(name) }]
    : []));
  return {
    animation: false, backgroundColor: "transparent", tooltip: warmTooltip, legend: { show: false },
    grid: [{ left: "8", top: "34", right: "32", bottom: "12", containLabel: true }],
    xAxis: [{
      position: "top", type: "value", name: "Δ% of the baseline median", nameLocation: "middle", nameGap: 24,
      ...warmAxis, axisLabel: { formatter: "{value}%", color: "#5f6b7a" },
    }],
    yAxis: [{ type: "category", inverse: true, data: names, axisLabel: { interval: "0", color: "#1f2430" }, axisLine: { show: false } }],
    series: [
      {
        name: "95% interval", type: "boxplot", data: bars,
        markLine: { symbol: ["none", "none"], data: [{ name: "no change", xAxis: 0 }], label: { show: false }, lineStyle: { color: "#1f2430", width: 1.5, type: "solid" } },
      },
      { name: "Δ% with no interval", type: "scatter", data: marks },
    ],
  };
}

// fail tells the reader the viewer could not start; the text is set as text.
function fail(message) {
  showAlert("benchview could not start: " + message);
}

// failFromDisk tells the reader of a page opened from a file (a static
// site's index.html, double-clicked) why the viewer cannot start, and what
// to do instead: a browser lets no file:// page fetch the WebAssembly
// beside it ("TypeError: Failed to fetch" would tell them nothing).
function failFromDisk() {
  const code = (text) => {
    const c = document.createElement("code");
    c.textContent = text;
    return c;
  };
  // The same page, with the reports and view it names, once served.
  const served = "http://localhost:8000/" + location.pathname.split("/").pop() + location.search + location.hash;
  // The viewer never ran: the header is still index.html's.
  document.querySelector(".tagline")?.replaceChildren("The viewer cannot start from a file.");
  showAlert(
    "This page must be served over HTTP: it was opened from a file, and a browser does not let such a page load the viewer beside it. " +
      "Serve its folder, for example by running ", code("python3 -m http.server"), " in that folder and opening ", code(served), "; " +
      "or, for one file that opens from disk, write the review with ", code("benchview export -o review.html BASELINE CURRENT"), ".",
  );
}

// showAlert shows nodes (strings are set as text) in an alert, and only then
// says the page is in error: nothing reads the state before the message.
function showAlert(...nodes) {
  const p = document.createElement("p");
  p.className = "boot-error";
  p.setAttribute("role", "alert");
  p.append(...nodes);
  document.body.append(p);
  document.body.dataset.state = "error";
}
