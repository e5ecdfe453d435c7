package tenants

import (
	"context"
	"net"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgxpool"
)

// OpenCountingFlights is Open with one connection at most, which counts in flights the times it
// sends what it has to the database and waits for the answer: a run of writes with no read
// between them is one flight, so a transaction's flights are its round trips.
func OpenCountingFlights(ctx context.Context, c Config, flights *atomic.Int64) (*DB, error) {
	return open(ctx, c, func(cfg *pgxpool.Config) {
		cfg.MaxConns = 1
		dial := cfg.ConnConfig.DialFunc
		cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
			conn, err := dial(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return &flightConn{Conn: conn, flights: flights}, nil
		}
	})
}

type flightConn struct {
	net.Conn
	flights *atomic.Int64
	sending atomic.Bool
}

func (c *flightConn) Write(b []byte) (int, error) {
	if !c.sending.Swap(true) {
		c.flights.Add(1)
	}
	return c.Conn.Write(b)
}

func (c *flightConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.sending.Store(false)
	}
	return n, err
}
