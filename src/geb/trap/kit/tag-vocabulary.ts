/**
 * The compression generators' tag vocabulary (`generate_compression_loss_bounded_family.py`
 * and `generate_compression_recoverability_family.py` share it): six keys and the values a
 * SET may give each. The order matters: the generators `sample` keys and `choice` values.
 */
export const TAG_KEYS = ["tag.00", "tag.01", "tag.02", "tag.03", "tag.04", "tag.05"];
export const TAG_VALUES: Record<string, string[]> = {
  "tag.00": ["30", "45", "60", "90"],
  "tag.01": ["us-east", "us-west", "eu-central", "ap-south"],
  "tag.02": ["100", "250", "500", "1000"],
  "tag.03": ["ops", "sec", "infra", "platform"],
  "tag.04": ["pager", "ticket", "chatops"],
  "tag.05": ["normal", "audit", "locked", "review"],
};
