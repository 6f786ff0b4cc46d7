//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
)

// Reports a user dropped or picked by hand are kept in the browser's own
// storage (IndexedDB, the origin's, on this machine: nothing is sent
// anywhere), so that a reload loses nothing: a reload (or going back to
// the page) reads them back. A visit that is no reload, a new tab, only
// offers them: the notice names them, with a button that opens them and
// one that forgets them (components.Kept).
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

// keeper is what the page knows of the storage and of what it kept.
type keeper struct {
	shown     [2]js.Value // the Files last seen shown, by the side they were given in; undefined for none
	names     [2]string   // the names the storage holds, by side
	records   []js.Value  // the storage's records while they are only offered
	offered   bool        // the storage holds reports of an earlier visit, not shown
	restored  bool        // the reports shown were read back from the storage
	forgotten bool        // the reader pressed Forget
	restoring bool        // the storage is being read at start
	failed    bool        // the storage cannot be used (a private window may refuse it)
	queue     []func()    // changes to write, in order (see do)
	writing   bool        // a goroutine is writing the queue
}

// loadedSide is the side a report shown in side was given in: the other
// one when the view says the sides are swapped.
func (p *page) loadedSide(side actions.Side) actions.Side {
	if p.store.View().Swap {
		return 1 - side
	}
	return side
}

// restore reads what the storage keeps, at start, when the address names
// no report: on a reload it opens them, else it offers them. The page does
// not say idle until it knows.
func (p *page) restore() {
	if p.search != "" {
		return
	}
	p.keep.restoring = true
	// A storage that does not answer (another tab deleting the database
	// holds it) must not keep the page from saying idle.
	time.AfterFunc(maxRestoreWait, func() {
		if p.keep.restoring {
			p.keep.restoring = false
			p.setState()
		}
	})
	go func() {
		defer func() {
			p.keep.restoring = false
			p.changed()
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
		for _, r := range records {
			p.keep.names[keptSide(r)] = r.Get("name").String()
		}
		if reloaded() {
			p.open(records)
			return
		}
		p.keep.records, p.keep.offered = records, true
	}()
}

// maxRestoreWait is how long the page waits for the storage before it
// says idle anyway.
const maxRestoreWait = 2 * time.Second

// reloaded reports whether the page was reloaded, or gone back or forward
// to, rather than visited anew.
func reloaded() bool {
	nav := performance.Call("getEntriesByType", "navigation").Index(0)
	if !nav.Truthy() {
		return false
	}
	t := nav.Get("type").String()
	return t == "reload" || t == "back_forward"
}

// keptSide is the side a record was given in.
func keptSide(r js.Value) actions.Side {
	if r.Get("side").String() == keepKeys[actions.Current] {
		return actions.Current
	}
	return actions.Baseline
}

// open reads the storage's records into their sides.
func (p *page) open(records []js.Value) {
	p.keep.restored, p.keep.offered, p.keep.records = true, false, nil
	for _, r := range records {
		side, blob := keptSide(r), r.Get("file")
		p.keep.shown[side] = blob
		p.read(p.loadedSide(side), file{r.Get("name").String(), blob.Get("lastModified").Float(), blob})
	}
}

// OpenKept opens the reports the storage offers (components.Host).
func (p *page) OpenKept() {
	if p.keep.offered && !p.busy() {
		p.open(p.keep.records)
	}
}

// keepShown keeps the reports shown in the storage, once none is loading,
// when they changed: a side whose report changed is written, a side
// emptied is deleted, and reports of an earlier visit still offered give
// way to the reader's new ones. Nothing is kept while the address names
// the reports.
func (p *page) keepShown() {
	k := &p.keep
	if p.search != "" || k.restoring || k.failed {
		return
	}
	var now [2]js.Value
	var names [2]string
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		if p.store.Loading(side) != "" {
			return
		}
		at := p.loadedSide(side)
		now[at] = js.Undefined()
		if r := p.store.Report(side); r != nil {
			now[at], names[at] = p.sources[r], r.Name
		}
	}
	if now[0].Equal(k.shown[0]) && now[1].Equal(k.shown[1]) {
		return
	}
	for at := range now {
		if now[at].Equal(k.shown[at]) && !k.offered {
			continue
		}
		blob, name := now[at], names[at]
		k.shown[at], k.names[at] = blob, name
		k.do(func() {
			if err := putKept(keepKeys[at], name, blob); err != nil {
				println("benchview: keeping", name, "in this browser failed:", err.Error())
			}
		})
	}
	k.offered, k.records = false, nil
	k.restored, k.forgotten = false, false // the notice names what is kept now
}

// Forget empties the storage (components.Host). The reports shown stay
// until the page is left; a reload shows the first screen.
func (p *page) Forget() {
	k := &p.keep
	k.names, k.records = [2]string{}, nil
	k.restored, k.offered, k.forgotten = false, false, true
	k.do(func() {
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
	k := components.Kept{Restored: p.keep.restored, Offered: p.keep.offered, Forgotten: p.keep.forgotten}
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

// Forget and OpenKept: the warm-up's page keeps nothing.
func (quietHost) Forget()   {}
func (quietHost) OpenKept() {}
