-- A fee invoice (docs/decisions.md D32) is the central business's claim on a franchise business:
-- its region is the franchise's (so its owner reads it under Afdrachten), but the owner is the
-- one who owes it. So a franchise owner books no payment on it and follows it up in no way: the
-- central business (the admins) does, as any of its invoices.
ALTER POLICY franchise_region ON betalingen
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]) AND bron <> 'klusser'
                AND NOT EXISTS (SELECT 1 FROM facturen f WHERE f.id = factuur_id AND f.soort = 'afdracht'));
ALTER POLICY franchise_region ON factuur_gebeurtenissen
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[])
                AND soort IN ('bespreking_aan', 'bespreking_uit', 'uit_handen')
                AND NOT EXISTS (SELECT 1 FROM facturen f WHERE f.id = factuur_id AND f.soort = 'afdracht'));
