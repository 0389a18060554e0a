"""REST API of the scoring app: games and hands (``games``), and club nights,
season standings and player profiles (``nights``), which read games."""
