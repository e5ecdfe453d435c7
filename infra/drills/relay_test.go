package drills

import (
	"io"
	"net"
	"sync"
	"testing"
)

// relay forwards TCP connections from its own address to a real service, and can cut them: Stop
// closes the listener and every open connection (the service is gone, as far as a client can
// tell), Start listens again on the same address. Hang makes it accept connections and never
// answer (a service that is up but stuck).
type relay struct {
	t      *testing.T
	addr   string
	target string

	mu    sync.Mutex
	ln    net.Listener
	conns []net.Conn
	hang  bool
}

func newRelay(t *testing.T, target string) *relay {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{t: t, addr: ln.Addr().String(), target: target}
	r.serve(ln)
	t.Cleanup(r.Stop)
	return r
}

func (r *relay) serve(ln net.Listener) {
	r.mu.Lock()
	r.ln = ln
	r.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			r.mu.Lock()
			r.conns = append(r.conns, c)
			hang := r.hang
			r.mu.Unlock()
			if hang {
				continue // accepted, never answered
			}
			go r.pipe(c)
		}
	}()
}

func (r *relay) pipe(c net.Conn) {
	up, err := net.Dial("tcp", r.target)
	if err != nil {
		c.Close()
		return
	}
	r.mu.Lock()
	r.conns = append(r.conns, up)
	r.mu.Unlock()
	go func() { _, _ = io.Copy(up, c); up.Close() }()
	_, _ = io.Copy(c, up)
	c.Close()
}

// Stop cuts the service off.
func (r *relay) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ln != nil {
		r.ln.Close()
		r.ln = nil
	}
	for _, c := range r.conns {
		c.Close()
	}
	r.conns = nil
}

// Start lets connections through again, on the same address.
func (r *relay) Start(hang bool) {
	r.mu.Lock()
	r.hang = hang
	r.mu.Unlock()
	ln, err := net.Listen("tcp", r.addr)
	if err != nil {
		r.t.Fatal(err)
	}
	r.serve(ln)
}
