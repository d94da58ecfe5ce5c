package relix.common.repository;

/** Cache-aside events, counted in /stats and /metrics: hit, miss, bypass (cold mode), error (fell back to MySQL). */
public enum CacheEvent {
  HIT("hit"),
  MISS("miss"),
  BYPASS("bypass"),
  ERROR("error");

  public final String label;

  CacheEvent(String label) {
    this.label = label;
  }
}
