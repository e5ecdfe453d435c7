-- A klusser's fixed price (migration 034's klusser_fixed_price) asks whether the quote's job is one
-- the klusser sees through a function, not a subquery (issue 44). The policy's subquery read
-- klussen under klussen's own policies, so every statement that reads offertes carried a sub-plan
-- with the four init plans of those policies, built when the statement starts whether it runs or
-- not: the klusser pool reads each page job's accepted quote, finds none for most, and paid about
-- 50-70 µs of PostgreSQL's CPU per page for that start-up alone (a pgbench replay of the page as
-- the proved klusser: about 495 against 445 µs). klus_visible() asks the same question, as its
-- caller and under the same policies (not SECURITY DEFINER), and only for the rows that reach it:
-- a klusser's accepted quotes. The rows a klusser, or anyone, sees are the same. Every name in it
-- is schema-qualified, so no search_path of a session changes what it reads.
CREATE FUNCTION klus_visible(klus uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
    AS $$ BEGIN RETURN EXISTS (SELECT 1 FROM public.klussen k WHERE k.id OPERATOR(pg_catalog.=) klus); END $$;

ALTER POLICY klusser_fixed_price ON offertes
    USING (actor_role() = 'klusser' AND status = 'akkoord' AND klus_visible(klus_id));
