package export

import (
	"os"
	"testing"
)

func TestDevWrite(t *testing.T) {
	js, _ := os.ReadFile("../node_modules/echarts/dist/echarts.min.js")
	shifts := []int{0, 4, -4, 8, 1, -1}
	rv := reviewOf(append([]string{"noise", "up4", "down4", "up8", "x", "y"}, hostileNames...), func(i int) int { return shifts[i%6] })
	b, err := Page(rv, js)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/dev-page.html", b, 0o644)
}
