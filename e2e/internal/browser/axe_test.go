package browser

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAxeFindsWhatIsBroken audits a page with a nameless button and a
// labelled one: axe must name the first and only it.
func TestAxeFindsWhatIsBroken(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
		w.Write([]byte(`<!doctype html><html lang="en"><title>axe</title><main><h1>axe</h1><button id="nameless"></button><button id="named">Go</button></main>`))
	}))
	defer srv.Close()
	b := Start(t, Options{Allow: func(u string) bool { return strings.HasPrefix(u, srv.URL+"/") }, Host: "127.0.0.1", Origin: srv.URL})
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	var buttons []Violation
	for _, v := range Axe(t, b) {
		if v.ID == "button-name" {
			buttons = append(buttons, v)
		}
	}
	if len(buttons) != 1 || !buttons[0].Serious() || len(buttons[0].Nodes) != 1 || !strings.HasPrefix(buttons[0].Nodes[0], "#nameless:") {
		t.Fatalf("axe on a nameless button: got %v, want one critical button-name on #nameless", buttons)
	}
}
