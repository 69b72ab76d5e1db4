"""Environment adapters: the generic PettingZoo AEC env, a single-agent Gymnasium env, registry."""
