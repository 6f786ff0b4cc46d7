// Boots the viewer: compiles viewer.wasm once, keeps the compiled module for
// the Web Workers (web/worker.js instantiates it again without a second
// download or compile), and runs it on the page.
"use strict";

(async () => {
  const url = "viewer.wasm";
  let module;
  try {
    try {
      module = await WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" }));
    } catch (streamingError) {
      // A server that does not say application/wasm: compile from bytes.
      const resp = await fetch(url, { credentials: "same-origin" });
      if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
      module = await WebAssembly.compile(await resp.arrayBuffer());
    }
    globalThis.benchviewModule = module;
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    go.run(instance).then(() => fail("the viewer stopped"));
  } catch (err) {
    fail(String(err));
  }
})();

// fail tells the reader the viewer could not start; the text is set as text.
function fail(message) {
  document.body.dataset.state = "error";
  const p = document.createElement("p");
  p.className = "boot-error";
  p.setAttribute("role", "alert");
  p.textContent = "benchview could not start: " + message;
  document.body.append(p);
}
