// Package version says which benchview a program is, from the build
// information Go stamps into it: the command line's --version, and the
// exported page's footer, whether the binary or the viewer's WebAssembly
// writes it.
package version

import "runtime/debug"

// String is Of the running program's build information.
func String() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "benchview: no build information (built without module support)"
	}
	return Of(info)
}

// Of says info: "benchview v1.2.0 (revision 0123abcd…, 2026-12-03T13:00:00Z),
// go1.26.8", with "+dirty" after a revision built from a modified tree.
func Of(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	v := "benchview " + info.Main.Version
	rev := settings["vcs.revision"]
	if rev == "" {
		return v + " (no VCS revision: built outside a git clone, or with -buildvcs=false), " + info.GoVersion
	}
	if settings["vcs.modified"] == "true" {
		rev += "+dirty"
	}
	if t := settings["vcs.time"]; t != "" {
		rev += ", " + t
	}
	return v + " (revision " + rev + "), " + info.GoVersion
}
