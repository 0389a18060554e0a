"""REST API of play: games and hands (``games``), club nights (``nights``), table and
door links; the standings' answers are standings/api/."""
