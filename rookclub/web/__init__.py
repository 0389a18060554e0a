"""The club-night pages (Django templates + htmx), split by area.

Views stay thin: read a form, call one service, render. Reads go through the
selectors so every page runs a fixed number of queries.
"""
