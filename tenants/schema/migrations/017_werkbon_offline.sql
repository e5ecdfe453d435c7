-- The work order on site, offline too (D23).
--
-- Every change a phone queues while offline carries an id made on the phone (client_id); a change
-- that arrives twice (the connection dropped after the server applied it) finds its row by that id
-- and is not applied again. Materials and photos keep the id in a unique column; the timer start
-- and the completion happen once by nature (the column rules refuse a second start, a completed
-- work order is locked), and a payment repeated with the same choice changes nothing.
--
-- D23: a timer start or completion made offline carries the phone's time. The server accepts it
-- only after the job's claim and not after the moment it arrives (the rules of migration 015 check
-- both) and records where the time came from.

ALTER TABLE work_order_items ADD COLUMN client_id uuid UNIQUE;
ALTER TABLE work_order_photos ADD COLUMN client_id uuid UNIQUE;

ALTER TABLE werkbonnen
    ADD COLUMN start_bron text NOT NULL DEFAULT 'server' CHECK (start_bron IN ('server', 'telefoon')),
    ADD COLUMN eind_bron text NOT NULL DEFAULT 'server' CHECK (eind_bron IN ('server', 'telefoon'));

-- The work order's rules of migration 015, with the two source columns a klusser may set.
CREATE OR REPLACE FUNCTION werkbonnen_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    changed text[];
    claimed timestamptz;
BEGIN
    IF actor_role() = 'admin' THEN
        RETURN NEW;
    END IF;
    IF actor_role() IS DISTINCT FROM 'klusser' THEN
        PERFORM refuse('only an admin or its klusser writes a work order');
    END IF;
    SELECT k.claimed_at INTO claimed FROM klussen k WHERE k.id = NEW.klus_id;

    IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'running' OR NEW.eind_tijd IS NOT NULL OR NEW.uren IS NOT NULL
           OR NEW.notes_internal <> '' OR NEW.created_at <> now()
           OR EXISTS (SELECT 1 FROM klussen k WHERE k.id = NEW.klus_id AND k.status = 'afgerond') THEN
            PERFORM refuse('a new work order is running, for an unfinished job');
        END IF;
        changed := ARRAY['start_tijd'];
        IF NEW.eind_bron <> 'server' THEN
            PERFORM refuse('a new work order has no end');
        END IF;
    ELSE
        changed := array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at');
        PERFORM refuse_columns('a work order', changed, ARRAY['handtekening', 'klant_tevreden',
            'netjes_opgeruimd', 'opmerkingen', 'rating_algemeen', 'rating_netheid', 'rating_vakmanschap',
            'rating_vriendelijkheid', 'start_tijd', 'status', 'eind_tijd', 'uren', 'tevredenheid_score',
            'zou_aanbevelen', 'start_bron', 'eind_bron']);
        IF 'start_tijd' = ANY (changed) AND OLD.start_tijd IS NOT NULL THEN
            PERFORM refuse('the timer starts once');
        END IF;
        IF (changed && ARRAY['eind_tijd', 'uren']) AND NOT 'status' = ANY (changed) THEN
            PERFORM refuse('end time and hours are set on completion');
        END IF;
        IF 'status' = ANY (changed) THEN
            IF NEW.status <> 'completed' OR NEW.start_tijd IS NULL OR NEW.eind_tijd IS NULL
               OR NEW.eind_tijd > latest_acceptable_time()
               OR NEW.uren IS DISTINCT FROM ceil(extract(epoch FROM NEW.eind_tijd - NEW.start_tijd) / 3600)::int
               OR NEW.handtekening IS NULL OR NEW.rating_algemeen IS NULL OR NEW.rating_netheid IS NULL
               OR NEW.rating_vriendelijkheid IS NULL OR NEW.rating_vakmanschap IS NULL THEN
                PERFORM refuse('a completed work order has the end time, the hours of its timer, four ratings and a signature');
            END IF;
        END IF;
    END IF;
    IF 'start_tijd' = ANY (changed) AND NEW.start_tijd IS NOT NULL
       AND (NEW.start_tijd < claimed OR NEW.start_tijd > latest_acceptable_time()) THEN
        PERFORM refuse('the timer starts after the claim and not in the future');
    END IF;
    RETURN NEW;
END $$;
