//go:build ignore

// unused-exported: the share of exported top-level names (funcs, types,
// vars, consts; not methods or fields) that no other package of the module
// uses (issue 35: at most 30%). Syntax only: a use is pkg.Name in a file of
// another directory that imports the package. Run from the repo root:
// go run scripts/unused-exported.go [-v]  (-v: the unused names, package by package)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	verbose := flag.Bool("v", false, "list the unused names by package")
	flag.Parse()
	mod := modulePath()
	fset := token.NewFileSet()
	exported := map[string]map[string]bool{} // import path -> names
	used := map[string]map[string]bool{}
	type file struct {
		dir string
		f   *ast.File
	}
	var files []file
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if ignored(f) {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		files = append(files, file{dir, f})
		if strings.HasSuffix(p, "_test.go") || f.Name.Name == "main" {
			return nil
		}
		ip := mod
		if dir != "." {
			ip = mod + "/" + dir
		}
		if exported[ip] == nil {
			exported[ip] = map[string]bool{}
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					exported[ip][d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported[ip][s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								exported[ip][n.Name] = true
							}
						}
					}
				}
			}
		}
		return nil
	})
	for _, fl := range files {
		self := mod
		if fl.dir != "." {
			self = mod + "/" + fl.dir
		}
		names := map[string]string{}
		for _, im := range fl.f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if ip == self || !strings.HasPrefix(ip, mod) {
				continue
			}
			n := path.Base(ip)
			if im.Name != nil {
				n = im.Name.Name
			}
			names[n] = ip
		}
		ast.Inspect(fl.f, func(n ast.Node) bool {
			if se, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := se.X.(*ast.Ident); ok {
					if ip, ok := names[id.Name]; ok {
						if used[ip] == nil {
							used[ip] = map[string]bool{}
						}
						used[ip][se.Sel.Name] = true
					}
				}
			}
			return true
		})
	}
	var total, unused int
	var pkgs []string
	for ip := range exported {
		pkgs = append(pkgs, ip)
	}
	sort.Strings(pkgs)
	for _, ip := range pkgs {
		var un []string
		for n := range exported[ip] {
			total++
			if !used[ip][n] {
				un = append(un, n)
			}
		}
		unused += len(un)
		if *verbose && len(un) > 0 {
			sort.Strings(un)
			fmt.Printf("%s\t%d/%d\t%s\n", strings.TrimPrefix(ip, mod+"/"), len(un), len(exported[ip]), strings.Join(un, " "))
		}
	}
	fmt.Printf("%d of %d exported names (%.0f%%) are used by no other package\n", unused, total, 100*float64(unused)/float64(total))
}

// ignored reports a file with a //go:build ignore constraint.
func ignored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

func modulePath() string {
	f, err := os.Open("go.mod")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(sc.Text(), "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	fmt.Fprintln(os.Stderr, "go.mod: no module line")
	os.Exit(1)
	return ""
}
