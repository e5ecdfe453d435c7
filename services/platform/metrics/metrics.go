// Package metrics is what an operator sees of a running Klusmaat process, in Prometheus's format:
// per API operation the requests, refusals, failures and latency (a go-kit instrumenting
// middleware in every route's chain, httpapi.Kit), River's jobs per queue and state, e-mails that
// failed to send, open event streams and the database pools. It is served on a listener of its
// own (METRICS_ADDR), never on the public port.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"
	kitprom "github.com/go-kit/kit/metrics/prometheus"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds one process's metrics. A nil *Registry records nothing, so tests and tools that
// do not care need no setup.
type Registry struct {
	reg       *prometheus.Registry
	http      *prometheus.CounterVec
	requests  *kitprom.Counter
	latency   *kitprom.Histogram
	emailFail prometheus.Counter
}

// New returns a registry with the Go runtime's and the process's own metrics.
func New() *Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "klusmaat_requests_total",
		Help: "API operations by operation and HTTP status (2xx served, 4xx refused, 5xx failed).",
	}, []string{"op", "status"})
	latency := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "klusmaat_request_duration_seconds",
		Help:    "Time an API operation took, by operation and HTTP status.",
		Buckets: []float64{.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"op", "status"})
	emailFail := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "klusmaat_email_failures_total",
		Help: "E-mails whose delivery attempt failed (each is retried by River).",
	})
	httpRequests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "klusmaat_http_requests_total",
		Help: "HTTP requests per API route and status, including those the policy refused (401, 403) before any operation ran.",
	}, []string{"route", "status"})
	reg.MustRegister(requests, latency, emailFail, httpRequests)
	return &Registry{reg: reg, http: httpRequests, requests: kitprom.NewCounter(requests), latency: kitprom.NewHistogram(latency), emailFail: emailFail}
}

// Status maps an endpoint's outcome to the HTTP status it is answered with (httpapi provides it).
type Status func(ctx context.Context, err error) int

// Instrument is the go-kit middleware that counts and times operation op. status turns the
// outcome into the answered HTTP status, so that refusals (4xx) and failures (5xx) are told apart.
func (r *Registry) Instrument(op string, status Status) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		if r == nil {
			return next
		}
		return func(ctx context.Context, request any) (response any, err error) {
			defer func(begin time.Time) {
				code := http.StatusOK
				if err != nil {
					code = status(ctx, err)
				}
				lvs := []string{"op", op, "status", statusText(code)}
				r.requests.With(lvs...).Add(1)
				r.latency.With(lvs...).Observe(time.Since(begin).Seconds())
			}(time.Now())
			return next(ctx, request)
		}
	}
}

// HTTP counts the answers of one route (its pattern, "GET /api/v1/klussen/{id}") by status.
func (r *Registry) HTTP(route string, next http.Handler) http.Handler {
	if r == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		sw := &StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(sw, req)
		r.http.WithLabelValues(route, statusText(sw.Code())).Inc()
	})
}

// StatusRecorder passes an answer on and remembers the status it went out with and the bytes of
// its body, for whatever observes answers: these metrics, the access log (httpapi.AccessLog) and
// the tests' check of every answer against the API document. Flush and Unwrap keep streams and
// http.ResponseController working through it.
type StatusRecorder struct {
	http.ResponseWriter
	// Status is the status of the header that went out: the first WriteHeader's, or 200 once the
	// body or a flush went out without one (as net/http sends it); 0 while nothing has gone out.
	Status int
	// Bytes counts the body written.
	Bytes int
}

func (w *StatusRecorder) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *StatusRecorder) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.Bytes += n
	return n, err
}

// Flush sends what is buffered of a streaming answer (server-sent events).
func (w *StatusRecorder) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		if w.Status == 0 {
			w.Status = http.StatusOK
		}
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *StatusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Code is the status of the answer: Status, or 200 for a handler that wrote nothing (net/http
// then sends 200).
func (w *StatusRecorder) Code() int {
	if w.Status == 0 {
		return http.StatusOK
	}
	return w.Status
}

func statusText(code int) string {
	const digits = "0123456789"
	return string([]byte{digits[code/100%10], digits[code/10%10], digits[code%10]})
}

// EmailFailed counts one failed delivery attempt.
func (r *Registry) EmailFailed() {
	if r != nil {
		r.emailFail.Inc()
	}
}

// Gauge registers a gauge read when scraped (open event streams, ...).
func (r *Registry) Gauge(name, help string, value func() float64) {
	if r != nil {
		r.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, value))
	}
}

// Pool registers a database pool's connections: in use, idle, total and the maximum.
func (r *Registry) Pool(name string, p *pgxpool.Pool) {
	if r == nil || p == nil {
		return
	}
	labels := prometheus.Labels{"pool": name}
	for _, g := range []struct {
		name, help string
		value      func(*pgxpool.Stat) float64
	}{
		{"klusmaat_db_pool_acquired_connections", "Connections in use.", func(s *pgxpool.Stat) float64 { return float64(s.AcquiredConns()) }},
		{"klusmaat_db_pool_idle_connections", "Idle connections.", func(s *pgxpool.Stat) float64 { return float64(s.IdleConns()) }},
		{"klusmaat_db_pool_total_connections", "Open connections.", func(s *pgxpool.Stat) float64 { return float64(s.TotalConns()) }},
		{"klusmaat_db_pool_max_connections", "The pool's maximum.", func(s *pgxpool.Stat) float64 { return float64(s.MaxConns()) }},
		{"klusmaat_db_pool_empty_acquire_total", "Acquires that had to wait for a connection.", func(s *pgxpool.Stat) float64 { return float64(s.EmptyAcquireCount()) }},
	} {
		r.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: g.name, Help: g.help, ConstLabels: labels},
			func() float64 { return g.value(p.Stat()) }))
	}
}

// Register adds a collector of another package (River's jobs).
func (r *Registry) Register(c prometheus.Collector) {
	if r != nil {
		r.reg.MustRegister(c)
	}
}

// Handler serves the metrics.
func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{ErrorLog: slogAdapter{}, Timeout: 10 * time.Second})
}

type slogAdapter struct{}

func (slogAdapter) Println(v ...any) { slog.Warn("metrics: scrape", "err", v) }
