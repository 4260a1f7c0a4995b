//go:build !unix

package main

import "os"

// maxRSS is not measured here.
func maxRSS(*os.ProcessState) int64 { return 0 }
