// Placeholder: the core lands in the next commit.
