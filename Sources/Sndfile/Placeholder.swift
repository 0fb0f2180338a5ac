// Placeholder until the target lands; replaced by its first real file.
