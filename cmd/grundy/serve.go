package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"grundy/web"
)

func newServeCmd(a *app) *cobra.Command {
	var addr string
	var inProcess bool
	var memoryMiB int
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page and the JSON API (loopback only unless --addr says otherwise)",
		Long: `serve answers HTTP on --addr (default ` + web.DefaultAddr + `): the page at / and the JSON API
under /api/ (POST /api/nim, /api/seq, /api/solve, …; see the README). It runs until interrupted,
then finishes the requests under way and exits 0.

Heavy requests (solve, seq, play, scripts, the nim table) run each in a worker process, a copy of
this program that is killed when the request's time budget ends or its resident memory passes
--memory-mib, so no computation outlives its budget or its memory; --in-process runs them in the
server itself instead (faster to start, but a computation that does not stop by itself keeps its
slot and its memory until it ends).

Once listening it prints the page's address (with --json: {"url": "..."}).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			ln, err := web.Listen(addr)
			if err != nil {
				return badInput("%v", err)
			}
			url := "http://" + ln.Addr().String() + "/"
			if err := a.emit(struct {
				URL string `json:"url"`
			}{url}, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "grundy: serving %s (Ctrl-C to stop)\n", url)
				return err
			}); err != nil {
				ln.Close()
				return err
			}
			srv := web.New(web.Limits{Isolate: !inProcess, MemoryMiB: memoryMiB})
			defer srv.Close()
			if err := srv.Serve(cmd.Context(), ln, 5*time.Second); err != nil {
				return internalf("serve: %v", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", web.DefaultAddr, "host:port to listen on")
	cmd.Flags().BoolVar(&inProcess, "in-process", false, "run heavy requests in the server's own process, not in killable worker processes")
	cmd.Flags().IntVar(&memoryMiB, "memory-mib", web.DefaultLimits().MemoryMiB, "the resident memory at which a worker process is killed, in MiB")
	return cmd
}
