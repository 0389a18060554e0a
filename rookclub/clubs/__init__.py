"""The club domain: clubs, players, memberships, invitations, rosters and exports."""
