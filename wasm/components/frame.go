//go:build js && wasm

package components

import "syscall/js"

// NextFrame calls f in the browser's next animation frame, in the order
// the frames were asked for (vecty asks for one to render in).
func NextFrame(f func()) {
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		f()
		return nil
	})
	js.Global().Call("requestAnimationFrame", cb)
}
