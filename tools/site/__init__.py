"""The static site (make site): the tutor's lessons as pages that run Python in the learner's browser, no server."""
