package relix.common.domain;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Study 000's record (packages/core/src/domain/item.ts). The JSON field order is the order the Node
 * services write, so the bytes cached in Redis are the same whichever stack filled the key.
 */
@JsonPropertyOrder({"id", "name", "price", "tags", "createdAt", "dims", "weight"})
public record Item(
    long id, String name, double price, List<String> tags, long createdAt, List<Double> dims, double weight) {}
