"""Performance data: the sqlite measurement store, high-level features and predictors."""
