//go:build js && wasm

package main

import "syscall/js"

// taskPort returns post, which has f run in a task of its own: each post is
// a message to a MessageChannel whose handler calls f. Unlike setTimeout,
// messages that follow one another are not held back 4 ms each.
func taskPort(f func()) (post func()) {
	ch := js.Global().Get("MessageChannel").New()
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		f()
		return nil
	}))
	port := ch.Get("port2")
	return func() { port.Call("postMessage", nil) }
}

// yields resumes the goroutines waiting in yield, one per task.
var yields struct {
	post    func()
	waiting []chan struct{}
}

// yield lets the event loop run (input, rendering, other tasks) before the
// goroutine continues, in a task of its own.
func yield() {
	if yields.post == nil {
		yields.post = taskPort(func() {
			next := yields.waiting[0]
			yields.waiting = yields.waiting[1:]
			close(next)
		})
	}
	done := make(chan struct{})
	yields.waiting = append(yields.waiting, done)
	yields.post()
	<-done
}
