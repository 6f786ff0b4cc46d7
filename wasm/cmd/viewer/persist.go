//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
)

// Reports a user dropped or picked by hand are kept in the browser's own
// storage (IndexedDB, the origin's, on this machine: nothing is sent
// anywhere) and read again on a reload, so that a reload loses nothing.
// The page says so (components.Kept) and has a button that forgets them.
//
// What is kept is the File itself (IndexedDB stores Blobs), by the side
// the page was given it in: a Swap changes the view (tableview.View.Swap,
// in the address), not the storage, and a restore applies the address's
// Swap as loading by address does. Reports loaded by address are not kept:
// the address loads them again.

// keepDB and keepStore name the database and its one object store; its
// keys are keepKeys, by side.
const (
	keepDB    = "benchview"
	keepStore = "reports"
)

var keepKeys = [2]string{"baseline", "current"}

// keeper is what the page remembers of the storage: the File each side
// holds there (undefined for none), its name, and what the notice says.
type keeper struct {
	blobs     [2]js.Value
	names     [2]string
	restored  bool     // the reports shown were read back from the storage
	forgotten bool     // the reader pressed Forget
	restoring bool     // the storage is being read at start
	failed    bool     // the storage cannot be used (a private window may refuse it)
	queue     []func() // changes to write, in order (see do)
	writing   bool     // a goroutine is writing the queue
}

// loadedSide is the side a report shown in side was given in: the other
// one when the view says the sides are swapped.
func (p *page) loadedSide(side actions.Side) actions.Side {
	if p.store.View().Swap {
		return 1 - side
	}
	return side
}

// restore reads the kept reports back into their sides, at start, when
// the address names none. The page does not say idle until it knows.
func (p *page) restore() {
	if p.search != "" {
		return
	}
	p.keep.restoring = true
	go func() {
		defer func() {
			p.keep.restoring = false
			p.setState()
		}()
		records, err := keptRecords()
		if err != nil {
			p.keep.failed = true
			println("benchview: the reports kept in this browser could not be read:", err.Error())
			return
		}
		if len(records) == 0 || p.busy() {
			return // nothing kept, or the reader was quicker
		}
		p.keep.restored = true
		for _, r := range records {
			side := actions.Baseline
			if r.Get("side").String() == keepKeys[actions.Current] {
				side = actions.Current
			}
			blob := r.Get("file")
			p.keep.blobs[side], p.keep.names[side] = blob, r.Get("name").String()
			p.read(p.loadedSide(side), file{p.keep.names[side], blob.Get("lastModified").Float(), blob})
		}
	}()
}

// keepShown keeps the reports shown in the storage, side by side, once
// none is loading: a side whose report changed is written, a side emptied
// is deleted. Nothing is kept while the address names the reports.
func (p *page) keepShown() {
	if p.search != "" || p.keep.restoring || p.keep.failed {
		return
	}
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		if p.store.Loading(side) != "" {
			return
		}
	}
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		blob, name := js.Undefined(), ""
		if r := p.store.Report(side); r != nil {
			blob, name = p.sources[r], r.Name
		}
		at := p.loadedSide(side)
		if blob.Equal(p.keep.blobs[at]) {
			continue
		}
		p.keep.blobs[at], p.keep.names[at] = blob, name
		p.keep.forgotten = false
		p.keep.restored = false // the notice names what is kept now
		p.keep.do(func() {
			if err := putKept(keepKeys[at], name, blob); err != nil {
				println("benchview: keeping", name, "in this browser failed:", err.Error())
			}
		})
	}
}

// Forget empties the storage (components.Host). The reports shown stay
// until the page is left; a reload shows the first screen.
func (p *page) Forget() {
	p.keep.names = [2]string{}
	p.keep.restored, p.keep.forgotten = false, true
	p.keep.do(func() {
		if err := clearKept(); err != nil {
			println("benchview: forgetting the kept reports failed:", err.Error())
		}
	})
	p.changed()
}

// do runs change after every change asked for before it, in a goroutine:
// the storage's writes land in the order the page made them. (The page's
// goroutines take turns on one thread, so the queue needs no lock.)
func (k *keeper) do(change func()) {
	k.queue = append(k.queue, change)
	if k.writing {
		return
	}
	k.writing = true
	go func() {
		for len(k.queue) > 0 {
			f := k.queue[0]
			k.queue = k.queue[1:]
			f()
		}
		k.writing = false
	}()
}

// kept is what the notice about the storage says.
func (p *page) kept() components.Kept {
	k := components.Kept{Restored: p.keep.restored, Forgotten: p.keep.forgotten}
	for _, n := range p.keep.names {
		if n != "" {
			k.Names = append(k.Names, n)
		}
	}
	return k
}

// openKept opens the database, creating its store the first time.
func openKept() (js.Value, error) {
	idb := js.Global().Get("indexedDB")
	if !idb.Truthy() {
		return js.Value{}, errors.New("this browser has no IndexedDB")
	}
	req := idb.Call("open", keepDB, 1)
	upgrade := js.FuncOf(func(js.Value, []js.Value) any {
		db := req.Get("result")
		if !db.Get("objectStoreNames").Call("contains", keepStore).Bool() {
			db.Call("createObjectStore", keepStore, map[string]any{"keyPath": "side"})
		}
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	return awaitRequest(req)
}

// keptRecords is every record the store holds: {side, name, file}.
func keptRecords() ([]js.Value, error) {
	db, err := openKept()
	if err != nil {
		return nil, err
	}
	defer db.Call("close")
	all, err := awaitRequest(db.Call("transaction", keepStore, "readonly").Call("objectStore", keepStore).Call("getAll"))
	if err != nil {
		return nil, err
	}
	records := make([]js.Value, all.Length())
	for i := range records {
		records[i] = all.Index(i)
	}
	return records, nil
}

// putKept writes side's record, or deletes it when blob is undefined.
func putKept(side, name string, blob js.Value) error {
	return changeKept(func(s js.Value) {
		if blob.IsUndefined() {
			s.Call("delete", side)
			return
		}
		s.Call("put", map[string]any{"side": side, "name": name, "file": blob})
	})
}

// clearKept deletes every record.
func clearKept() error { return changeKept(func(s js.Value) { s.Call("clear") }) }

// changeKept runs change on the store in a transaction of its own, and
// waits for it to be written.
func changeKept(change func(store js.Value)) error {
	db, err := openKept()
	if err != nil {
		return err
	}
	defer db.Call("close")
	tx := db.Call("transaction", keepStore, "readwrite")
	done := make(chan error, 1)
	complete := js.FuncOf(func(js.Value, []js.Value) any { done <- nil; return nil })
	failed := js.FuncOf(func(js.Value, []js.Value) any { done <- errorOf(tx.Get("error")); return nil })
	defer complete.Release()
	defer failed.Release()
	tx.Set("oncomplete", complete)
	tx.Set("onerror", failed)
	tx.Set("onabort", failed)
	change(tx.Call("objectStore", keepStore))
	return <-done
}

// awaitRequest waits for an IDBRequest's result; the goroutine blocks,
// the page does not.
func awaitRequest(req js.Value) (js.Value, error) {
	done := make(chan error, 1)
	success := js.FuncOf(func(js.Value, []js.Value) any { done <- nil; return nil })
	failure := js.FuncOf(func(js.Value, []js.Value) any { done <- errorOf(req.Get("error")); return nil })
	defer success.Release()
	defer failure.Release()
	req.Set("onsuccess", success)
	req.Set("onerror", failure)
	if err := <-done; err != nil {
		return js.Value{}, err
	}
	return req.Get("result"), nil
}

// errorOf is a DOMException as an error.
func errorOf(e js.Value) error {
	if !e.Truthy() {
		return errors.New("unknown error")
	}
	return errors.New(e.Get("name").String() + ": " + e.Get("message").String())
}

// Forget: the warm-up's page keeps nothing.
func (quietHost) Forget() {}
