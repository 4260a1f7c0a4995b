package main

import (
	"context"
	"fmt"
	"runtime"
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
