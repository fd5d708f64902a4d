// placeholder until the matcher lands
