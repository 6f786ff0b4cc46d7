// A Web Worker of the viewer: it runs the same module as the page, in its
// worker role, and per message reads a report, computes a batch of rows'
// comparisons (and what they add to the geomean), or builds a downloaded
// page.
//
// The first message carries the compiled WebAssembly.Module (main.js
// compiled it once) and this worker's number; jobs that arrive before the
// module is running wait in a queue.
"use strict";

importScripts("wasm_exec.js");

// The module links vecty, whose init refuses to run where there is no
// document. In a worker the module never renders, so an empty placeholder
// lets that check pass; nothing reads it. (A separate worker program
// without vecty would avoid this, but it would be a second download of
// about 0.6 MB compressed on the first visit.)
self.document = {};

let pending = [];
let id = -1;

self.onmessage = async (e) => {
  if (!e.data.module) {
    pending.push(e.data);
    return;
  }
  id = e.data.worker;
  // The page's gate (its gate.go): a worker waits there between two rows
  // while the page renders. Undefined where the page has none.
  self.benchviewGate = e.data.gate;
  try {
    const go = new Go();
    go.argv = ["viewer", "worker"];
    const instance = await WebAssembly.instantiate(e.data.module, go.importObject);
    // go.run returns once main blocks, with benchviewCompute set; its
    // promise settles only if the program stops (a panic): the page then
    // hands this worker's jobs to others, or tells why a download failed.
    go.run(instance).then(() => self.postMessage({ worker: id, error: "the worker's program stopped" }));
    if (typeof self.benchviewCompute !== "function") throw new Error("the module did not start in its worker role");
  } catch (err) {
    self.postMessage({ worker: id, error: String(err) });
    return;
  }
  self.onmessage = (e) => compute(e.data);
  const queued = pending;
  pending = null;
  queued.forEach(compute);
  self.postMessage({ worker: id });
};

function compute(job) {
  if (job.export) {
    // A Download: build the report page and hand its bytes over.
    self.benchviewExport(job).then(
      (page) => self.postMessage({ worker: id, page }, [page.buffer]),
      (err) => self.postMessage({ worker: id, error: String(err.message || err) }),
    );
    return;
  }
  if (job.read) {
    // A report to read: its binary form goes back, handed over, or why
    // it could not be read.
    job.worker = id;
    const result = self.benchviewRead(job);
    result.worker = id;
    result.reading = job.reading;
    self.postMessage(result, result.report ? [result.report.buffer] : []);
    return;
  }
  if (job.tell) {
    // A batch with a long row: say it is begun (its rows show for how
    // long); the module posts a long row's progress with this worker's
    // number.
    self.postMessage({ worker: id, review: job.review, index: job.index, started: true });
  }
  // Compute the batch (its results, and what its rows add to the suite's
  // geomean) or a part of a long row's plan, or join a plan's parts,
  // which has no answer. An answer's buffers are handed over, not copied.
  job.worker = id;
  const result = self.benchviewCompute(job);
  if (!result) return;
  result.worker = id;
  const buffers = [result.c, result.geomean, result.plan].filter((a) => a).map((a) => a.buffer);
  self.postMessage(result, buffers);
}
