// placeholder until the helper's files land
