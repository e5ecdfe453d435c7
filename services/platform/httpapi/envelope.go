package httpapi

import "log/slog"

// One is the answer of a read of one record: {"data": ...} (react-admin's getOne). Its log line
// is the record's (LogAttrs), and nothing when the record is a nil pointer ("none yet"). A domain
// names its own: type One = httpapi.One[Detail].
type One[T any] struct {
	Data T `json:"data"`
}

// LogAttrs is the record's.
func (o One[T]) LogAttrs() []slog.Attr { return attrsOf(o.Data) }

// OneOf is a read's value in One, with the read's error: a service that answers what its store
// read as it is says return httpapi.OneOf(s.store.Get(ctx, id)).
func OneOf[T any](v T, err error) (One[T], error) { return One[T]{Data: v}, err }

// Changed is the answer of a change: the record as it now stands and the Dutch message the console
// shows, {"data": ..., "message": ...}. Its log line is the record's, as One's. A domain names its
// own: type Answer = httpapi.Changed[Detail].
type Changed[T any] struct {
	Data    T      `json:"data"`
	Message string `json:"message"`
}

// LogAttrs is the record's.
func (c Changed[T]) LogAttrs() []slog.Attr { return attrsOf(c.Data) }
