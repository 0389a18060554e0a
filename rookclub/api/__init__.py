"""The club domain's REST API (clubs, players, club nights). Games live in scoring.api."""
