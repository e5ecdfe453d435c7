package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/platform/metrics"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Kit is what the server hands every module to build its routes: the logger and the metrics.
// Routes is the one place where an endpoint gets the standard chain (logging and go-kit
// instrumenting) and the one error mapper, so no module can forget either.
type Kit struct {
	Logger  *slog.Logger
	Metrics *metrics.Registry // nil: not instrumented
}

// Routes builds the handler of each route from its Endpoint, Decode and Encode: the endpoint
// wrapped in the standard chain, served by go-kit with EncodeError for refusals, behind the
// route's Guard. A list route without a decoder decodes its list parameters (list.Parse). A route
// without Op or Endpoint, or with a handler of its own, is a programming error: Routes panics, at
// start-up.
func (k Kit) Routes(rts ...Route) []Route {
	out := make([]Route, 0, len(rts))
	for _, rt := range rts {
		if rt.Op == "" || rt.Endpoint == nil || rt.Handler != nil {
			panic(fmt.Sprintf("httpapi: route %s needs Op and Endpoint and no Handler of its own", rt.Pattern()))
		}
		dec, enc := rt.Decode, rt.Encode
		if rt.List != nil {
			if err := rt.List.Check(); err != nil {
				panic(fmt.Sprintf("httpapi: route %s: %v", rt.Pattern(), err))
			}
			if dec == nil {
				dec = DecodeList(rt.List)
			}
		}
		if dec == nil {
			dec = DecodeNoInput
		}
		if enc == nil {
			enc = EncodeJSON
			if rt.Status != 0 {
				enc = EncodeWithStatus(rt.Status)
			}
		} else if rt.Status != 0 {
			panic(fmt.Sprintf("httpapi: route %s has its own encoder and a Status: the encoder writes the status", rt.Pattern()))
		}
		dec = checked(Wildcards(rt.Path), declaredParams(rt), dec)
		var h http.Handler = kithttp.NewServer(k.chain(rt.Tag+"."+rt.Op)(rt.Endpoint), dec, enc,
			kithttp.ServerErrorEncoder(EncodeError))
		if rt.Guard != nil {
			h = rt.Guard(h)
		}
		if rt.Limit != nil {
			h = LimitByIP(rt.Limit, rt.LimitMessage, h)
		}
		rt.Handler, rt.chained = h, true
		out = append(out, rt)
	}
	return out
}

// Streams passes routes that serve a stream (server-sent events) with a handler of their own: an
// endpoint answers once, a stream never finishes. Each gets the chain's logging as one line when
// the stream closes.
func (k Kit) Streams(rts ...Route) []Route {
	out := make([]Route, 0, len(rts))
	for _, rt := range rts {
		if rt.Handler == nil {
			panic(fmt.Sprintf("httpapi: stream %s has no handler", rt.Pattern()))
		}
		op := rt.Tag + ".Stream"
		if rt.Op != "" {
			op = rt.Tag + "." + rt.Op
		}
		next, wildcards := rt.Handler, Wildcards(rt.Path)
		rt.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func(begin time.Time) {
				k.logger().InfoContext(r.Context(), op, "took_ms", time.Since(begin).Milliseconds())
			}(time.Now())
			if err := CheckParams(r, wildcards...); err != nil {
				WriteError(w, r, err)
				return
			}
			if err := checkPath(r, wildcards); err != nil {
				WriteError(w, r, err)
				return
			}
			if err := checkQuery(r, declaredParams(rt)); err != nil {
				WriteError(w, r, err)
				return
			}
			next.ServeHTTP(w, r)
		})
		rt.chained = true
		out = append(out, rt)
	}
	return out
}

// chain is the standard chain of every endpoint: logging now; instrumenting joins it when the
// platform has metrics.
func (k Kit) chain(op string) endpoint.Middleware {
	return endpoint.Chain(logging(k.logger(), op), k.Metrics.Instrument(op, answerStatus))
}

// answerStatus is the HTTP status an endpoint's error is answered with.
func answerStatus(ctx context.Context, err error) int { return Answer(ctx, err).Status }

func (k Kit) logger() *slog.Logger {
	if k.Logger == nil {
		return slog.Default()
	}
	return k.Logger
}

// LogAttrs is implemented by requests and answers that have something a log line may keep: ids,
// counts, sizes, a category; never names, addresses, phone numbers or file contents.
type LogAttrs interface {
	LogAttrs() []slog.Attr
}

// logging writes one line per call: the operation, what request and answer offer (LogAttrs), the
// outcome and the duration, with the request id from ctx (LogHandler). A refusal (4xx) is an Info
// line with its code and the names of the refused fields, a failure a Warn line with the error.
func logging(logger *slog.Logger, op string) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, request any) (response any, err error) {
			defer func(begin time.Time) {
				level := slog.LevelInfo
				if err != nil && Answer(ctx, err).Status >= http.StatusInternalServerError {
					level = slog.LevelWarn
				}
				if !logger.Enabled(ctx, level) {
					return // nothing to build for a line the handler drops (LOG_LEVEL)
				}
				attrs := attrsOf(request)
				if err == nil {
					attrs = append(attrs, attrsOf(response)...)
				} else if a := Answer(ctx, err); a.Status < http.StatusInternalServerError {
					attrs = append(attrs, slog.String("refused", a.Code))
					if len(a.Fields) > 0 {
						attrs = append(attrs, slog.Any("fields", slices.Sorted(maps.Keys(a.Fields))))
					}
				} else {
					attrs = append(attrs, slog.Any("err", err))
				}
				attrs = append(attrs, slog.Int64("took_ms", time.Since(begin).Milliseconds()))
				logger.LogAttrs(ctx, level, op, attrs...)
			}(time.Now())
			return next(ctx, request)
		}
	}
}

// attrsOf is v's LogAttrs, or nothing when v has none or is a nil pointer (a record not there yet).
func attrsOf(v any) []slog.Attr {
	l, ok := v.(LogAttrs)
	if !ok {
		return nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return nil
	}
	return l.LogAttrs()
}

// checked runs CheckParams before dec: no decoder of any route sees a path or query parameter
// that is not text (issue 42: a NUL or a byte that is not UTF-8 was a 500 on 36 route parameters).
// Then the route's declared parameters: a path wildcard beyond its length is no record (404), a
// query parameter must keep its declaration (Param).
func checked(wildcards []string, declared []Param, dec kithttp.DecodeRequestFunc) kithttp.DecodeRequestFunc {
	return func(ctx context.Context, r *http.Request) (any, error) {
		if err := CheckParams(r, wildcards...); err != nil {
			return nil, err
		}
		if err := checkPath(r, wildcards); err != nil {
			return nil, err
		}
		if err := checkQuery(r, declared); err != nil {
			return nil, err
		}
		return dec(ctx, r)
	}
}

// DecodeList is the decoder of a route whose input is the list parameters of spec (list.Parse):
// a list route's, which Kit gives it, or the cards' of a list, which take its filters.
func DecodeList(spec *list.Spec) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		return list.Parse(spec, r.URL.Query())
	}
}
