-- A franchise owner read the user_roles row of every klusser, in every region; it may know only
-- the klussers whose regions overlap its own (document 001 section 6), the same ones whose profile
-- it reads. The subquery on profiles runs under profiles' own policies for the same actor.
ALTER POLICY franchise_read_klussers ON user_roles
    USING (role = 'klusser' AND EXISTS (SELECT 1 FROM profiles p
        WHERE p.id = user_id AND p.regio && (SELECT a.regions FROM current_actor a WHERE a.role = 'franchise')));
