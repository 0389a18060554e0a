"""REST API of standings: season and night standings, players' profiles and figures."""
