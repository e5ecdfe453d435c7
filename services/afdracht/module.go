package afdracht

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the franchise fee module on db, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(NewStore(db))...)
}

// NewStore is the fee's store on db (tests and the module).
func NewStore(db *tenants.DB) *Store { return &Store{db: db} }
