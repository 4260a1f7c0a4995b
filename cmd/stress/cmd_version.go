package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/stress-ner/stress/compare"
)

func init() {
	register(&command{
		Name:    "version",
		Summary: "print the tool version",
		Bind: bind(nil, func(_ context.Context, e *env, _ *struct{}, args []string) error {
			if len(args) > 0 {
				return usageErrorf("version takes no arguments")
			}
			_, err := fmt.Fprintf(e.Stdout, "stress %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return err
		}),
	})
}

// provenance is what the command line knows of a report's origin
// (compare.NewProvenance): a SOURCE_DATE_EPOCH that is no date is a
// usage error.
func provenance(e *env) (compare.Provenance, error) {
	p, err := compare.NewProvenance("stress", version, append([]string{"stress"}, e.Args...), e.Getenv)
	if err != nil {
		return p, usageErrorf("%v", err)
	}
	return p, nil
}
